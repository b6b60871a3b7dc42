//! The `status` key: its value must be one of the vault's statuses
//! (`unknown-status`), and it must tell the same story as the
//! declarations (`status-conflict`).

use std::collections::HashMap;
use vaultlint_core::code::Code;
use vaultlint_core::diagnostic::Diagnostic;
use vaultlint_model::lifecycle::Standing;

/// The statuses vaultlint knows unless a config adds others: the words the
/// lifecycle reads.
pub const DEFAULT_STATUSES: &[&str] = vaultlint_model::lifecycle::LIFECYCLE_WORDS;

/// Statuses that say a note was replaced, so a successor should be declared.
/// `deprecated` is not one: a decision record deprecated because what it
/// decided on is gone has nothing that replaces it (its lifecycle still
/// takes it out of force).
const REPLACED: &[&str] = &["superseded", "obsolete"];
/// Statuses that say a note is the one in force.
pub(crate) const CURRENT: &[&str] = &["active", "current", "accepted"];
/// Statuses that say a proposal took effect. Many proposal processes keep
/// `Final` on a proposal a later one replaced; one that writes a word of
/// its own on its replaced proposals (`Replaced`, on two or more) does
/// not, and there these conflict with a successor as `active` does.
const PROPOSAL_CURRENT: &[&str] = &["final", "approved", "implemented", "living"];
/// Words that only ever say where a document stands, and the lifecycle
/// word each means. The lifecycle does not read them (a note saying
/// `retired` is still in force), so each is reported, and its help names
/// the word meant. Words vaults use for their own workflows (`published`,
/// `archived`, `cancelled`, `planned`) are not here: they are the vault's.
const SYNONYMS: &[(&str, &str)] = &[
    ("current", "active"),
    ("in-force", "active"),
    ("in force", "active"),
    ("obsolete", "superseded"),
    ("replaced", "superseded"),
    ("outdated", "superseded"),
    ("retired", "revoked"),
    ("withdrawn", "revoked"),
    ("rescinded", "revoked"),
    ("repealed", "revoked"),
    ("wip", "draft"),
    // Obsolete, replaced and revoked in Portuguese, Spanish, French,
    // Italian and German. Their words for `active` (`ativa`, `vigente`)
    // are the vault's own: a finding on every note in force would be noise.
    ("obsoleto", "superseded"),
    ("obsoleta", "superseded"),
    ("obsolète", "superseded"),
    ("veraltet", "superseded"),
    ("substituído", "superseded"),
    ("substituída", "superseded"),
    ("sustituido", "superseded"),
    ("sustituida", "superseded"),
    ("remplacé", "superseded"),
    ("remplacée", "superseded"),
    ("sostituito", "superseded"),
    ("sostituita", "superseded"),
    ("ersetzt", "superseded"),
    ("revogado", "revoked"),
    ("revogada", "revoked"),
    ("revocado", "revoked"),
    ("revocada", "revoked"),
    ("abrogé", "revoked"),
    ("abrogée", "revoked"),
    ("revocato", "revoked"),
    ("revocata", "revoked"),
    ("aufgehoben", "revoked"),
];

/// The successors a status names in words after `superseded by` or
/// `replaced by`: the words as written, and each successor named, the
/// targets of Markdown links (`[ADR-0018](0018-x.md)`, MADR's form) or the
/// names listed (`CIP-0121 and CIP-0122`, up to a closing parenthesis).
/// A link is kept whole, so that it resolves as one.
fn successors_in_words(status: &str) -> Option<(&str, Vec<&str>)> {
    let at = ["superseded by ", "replaced by "].iter().find_map(|phrase| {
        status
            .char_indices()
            .map(|(at, _)| at)
            .find(|&at| status.get(at..at + phrase.len()).is_some_and(|w| w.eq_ignore_ascii_case(phrase)))
            .map(|at| at + phrase.len())
    })?;
    let rest = status[at..].trim();
    // The Markdown links, read as a body's are, each kept whole: resolved
    // as a declaration's value, a link leads from the note's folder.
    let links: Vec<_> =
        vaultlint_syntax::link::in_body(rest, 0).iter().filter(|l| !l.wikilink).map(|l| l.span()).collect();
    if let Some(last) = links.last() {
        return Some((&rest[..last.end()], links.iter().map(|l| &rest[l.offset()..l.end()]).collect()));
    }
    // Not a link: a name, or a list of names.
    let name = rest.split(')').next().unwrap_or(rest).trim().trim_matches(['`', '"', '\'']);
    let parts: Vec<&str> = name
        .split(" and ")
        .flat_map(|part| part.split(','))
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();
    (!parts.is_empty()).then_some((name, parts))
}

/// The note a successor named in a status leads to: as a link or a name
/// does, or, for a decision record's number (`ADR-0032`, `0032`), the one
/// note whose name starts with it (`0032-label.md`).
fn resolved(
    vault: &vaultlint_model::vault::Vault,
    id: usize,
    part: &str,
    stems: &mut Option<vaultlint_model::vault::Stems>,
) -> Option<usize> {
    match vault.resolve(id, part) {
        vaultlint_model::vault::Resolution::Note(to) => Some(to),
        _ => vault.record_named(part, stems),
    }
}

/// Words of its own, each written on two notes or more, that make a
/// vault's statuses a vocabulary of its own.
const OWN_WORDS: usize = 5;

/// Why a status value the vault does not know is worth a finding: it is
/// a synonym of a lifecycle word, or a misspelling of one. `None`: the
/// value is the vault's own word.
#[derive(Debug, PartialEq, Eq)]
enum Suspect {
    Synonym(&'static str),
    Misspelt(&'static str),
}

/// A misspelling: one edit (an added, missing or changed letter, or two
/// letters swapped) from a lifecycle word of five letters or more, or two
/// from one of nine or more, starting with the same letter. Far enough
/// from any word of a workflow: `review` is not `revoked`, `inactive` is
/// not `active`, `delayed` is not `deleted`.
fn suspect(value: &str) -> Option<Suspect> {
    if let Some((_, meant)) = SYNONYMS.iter().find(|(word, _)| *word == value) {
        return Some(Suspect::Synonym(meant));
    }
    // A value of no letters (`status: ""`, `status: 2`) misspells nothing.
    let first = value.as_bytes().first()?;
    if !value.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    DEFAULT_STATUSES
        .iter()
        .filter(|word| word.len() >= 5 && word.as_bytes().first() == Some(first))
        .map(|word| (strsim::osa_distance(value, word), *word))
        .filter(|&(distance, word)| distance >= 1 && distance <= if word.len() >= 9 { 2 } else { 1 })
        .min()
        .map(|(_, word)| Suspect::Misspelt(word))
}

/// `statuses` are lower-cased. A note whose successor has not taken
/// effect yet (scheduled, or a draft) is rightly still `active`.
pub fn check(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, graph, life, wanted) = (cx.vault, cx.graph, cx.life(), &cx.wanted[..]);
    let statuses = &cx.options.statuses[..];
    // A vault of proposals reads `rejected` and `withdrawn` as a proposal
    // that never took effect, `stagnant` as one still a draft, and
    // `obsolete` as one replaced.
    let proposals = vaultlint_model::lifecycle::keeps_proposals(vault);
    let known = |lower: &str| {
        statuses.iter().any(|s| s == lower)
            || vaultlint_model::lifecycle::lifecycle_word(lower).is_some()
            || proposals && vaultlint_model::lifecycle::proposal_reading(lower).is_some()
    };
    // A vault whose statuses are mostly words of its own (`Final`,
    // `Deferred`, `WIP`, as a proposals process or a workflow names them)
    // has a vocabulary of its own: a synonym of a lifecycle word that it
    // writes on several notes is one of its words too, and only a
    // misspelling, or a synonym written once, is a finding.
    let mut uses: HashMap<String, usize> = HashMap::new();
    for id in (0..vault.notes.len()).filter(|&id| !vault.is_template(id)) {
        if let Some((status, _)) = vault.notes[id].status().filter(|(s, _)| !s.trim().is_empty()) {
            *uses.entry(status.trim().to_lowercase()).or_default() += 1;
        }
    }
    let written: usize = uses.values().sum();
    let lifecycle: usize = uses.iter().filter(|(word, _)| known(word)).map(|(_, n)| n).sum();
    // So has one that writes many words of its own, each on several notes,
    // whatever it writes besides (`Alive`, `Deceased`, `Worshipped`,
    // `Forgotten` beside `Active` on a world's gods and places: there
    // `Withdrawn` is a god's, not a withdrawn note's).
    let own_words =
        uses.iter().filter(|&(word, &n)| n > 1 && !known(word) && suspect(word).is_none()).count();
    let own_vocabulary = lifecycle * 2 < written || own_words >= OWN_WORDS;
    // There a synonym of `active` (`current`) is no finding even written
    // once: the note is in force whichever word it says.
    let own = |lower: &str, suspect: &Suspect| {
        own_vocabulary
            && match suspect {
                Suspect::Synonym("active") => true,
                Suspect::Synonym(_) => uses.get(lower.trim()).is_some_and(|&n| n > 1),
                Suspect::Misspelt(_) => false,
            }
    };
    // The vault's own word for a replaced note, read once a finding or a
    // proposal's status asks: most runs never do.
    let learned = std::cell::OnceCell::new();
    let learned = || learned.get_or_init(|| retired_word(vault, life)).as_deref();
    let retired_word = || learned().unwrap_or("superseded");
    // A vault that declares no successor anywhere (no supersession on any
    // note, no folder rule) retires its notes by status alone: there `superseded` is its word for a note out of use
    // (a proposal nothing replaced), and asking which note replaces it
    // asks for what it does not keep. Where the vault declares, a note
    // marked replaced without saying by what has left out its successor.
    let declares = !vault.config.folder_rules.is_empty()
        || graph.declared.iter().any(|d| d.side.relation() == vaultlint_syntax::note::Relation::Supersession);
    // The vault's names, for the few statuses that name a successor by a
    // record's number: made when first asked.
    let mut stems = None;
    for (id, note) in vault.notes.iter().enumerate().filter(|&(id, _)| wanted[id]) {
        let Some((status, span)) = note.status() else { continue };
        if vault.is_template(id) && note.field("status").is_some_and(|f| note.is_placeholder(&f.value)) {
            continue;
        }
        let lower = status.to_lowercase();
        // `provisional|implementable|implemented|withdrawn`: the choices a
        // template lists, left in place of the one that holds.
        let choices: Vec<&str> = lower.split('|').map(|c| c.trim().trim_matches(['*', '_', '`'])).collect();
        let statuses = choices.iter().filter(|c| known(c) || suspect(c).is_some()).count();
        if choices.len() >= 2 && statuses >= 2 && !known(&lower) {
            out.push(
                Diagnostic::new(
                    Code::UnknownStatus,
                    &note.path,
                    format!("status `{status}` lists a template's choices, not the one that holds"),
                )
                .at(*span, "choices")
                .help("keep the one status that holds; a list of them reads as no status at all"),
            );
            continue;
        }
        if let Some(suspect) = suspect(&lower).filter(|s| !known(&lower) && !own(&lower, s)) {
            let (message, help) = match suspect {
                Suspect::Synonym(meant) => (
                    format!("status `{status}` means `{meant}`, which is the word vaultlint reads"),
                    format!(
                        "write `status: {meant}`, or, if `{status}` is the vault's own word, list it under \
                         `statuses` in vaultlint.toml"
                    ),
                ),
                Suspect::Misspelt(word) => (
                    format!("status `{status}` looks like a misspelling of `{word}`"),
                    match word {
                        "active" => format!("did you mean `{word}`?"),
                        // A word that takes the note out of force is only
                        // named as what the author may have meant.
                        _ => format!(
                            "if the note is meant to be `{word}`, write it so; if `{status}` is the vault's \
                             own word, list it under `statuses` in vaultlint.toml"
                        ),
                    },
                ),
            };
            out.push(
                Diagnostic::new(Code::UnknownStatus, &note.path, message)
                    .at(*span, "unknown status")
                    .help(help),
            );
        }
        let superseded = graph.superseded(id);
        // `Superseded by FIP-0067`, `Inactive (superseded by CIP-0121)`,
        // MADR's `superseded by [ADR-0018](0018-x.md)`: a status that names
        // the successor in words, which no indexer reads.
        let named =
            (!superseded && note.successor().is_none()).then(|| successors_in_words(status)).flatten();
        if let Some((name, parts)) = named {
            // Each named successor, as a path where it names one note.
            let each: Vec<String> = parts
                .iter()
                .map(|part| match resolved(vault, id, part, &mut stems) {
                    Some(to) => vault.notes[to].path.clone(),
                    None => part.to_string(),
                })
                .map(|value| vaultlint_syntax::splice::yaml_scalar(&value))
                .collect();
            let value = match &each[..] {
                [one] => one.clone(),
                _ => format!("[{}]", each.join(", ")),
            };
            out.push(
                Diagnostic::new(
                    Code::StatusConflict,
                    &note.path,
                    format!("status names `{name}` as the successor, but no successor is declared"),
                )
                .at(*span, "a successor in words")
                .help(if life.states[id].standing == Standing::Superseded {
                    // `Superseded by …`: the status already says so.
                    format!("add `{}: {value}`, which indexers read", vault.successor_key())
                } else {
                    format!(
                        "add `{}: {value}` and set `status: {}`, so that indexers leave the note out",
                        vault.successor_key(),
                        retired_word()
                    )
                }),
            );
        } else if let Some(key) = note.replacement_key().filter(|_| lower == "deprecated")
            && !superseded
            && note.successor().is_none()
        {
            // Deprecated, its successor named under a key of the vault's own.
            out.push(
                Diagnostic::new(
                    Code::StatusConflict,
                    &note.path,
                    format!("status is `{status}` and `{key}` names what replaces it, but no successor is declared"),
                )
                .at(*span, "says the note is retired")
                .help(format!(
                    "name that note under `{}`, which indexers read, so that they leave this one out",
                    vault.successor_key()
                )),
            );
        } else if REPLACED.contains(&lower.as_str()) && !superseded && note.successor().is_none() && declares
        {
            out.push(
                Diagnostic::new(
                    Code::StatusConflict,
                    &note.path,
                    format!("status is `{status}` but no successor is declared"),
                )
                .at(*span, "says the note is retired")
                .help(format!(
                    "add `{}:` naming the note that replaces this one, or change the status",
                    vault.successor_key()
                )),
            );
        } else if matches!(life.states[id].standing, Standing::Superseded | Standing::Cycle)
            && (CURRENT.contains(&lower.as_str())
                || PROPOSAL_CURRENT.contains(&lower.as_str()) && learned().is_some())
        {
            let why = match (note.successor(), graph.edges[id].first()) {
                (Some(field), _) => match note.line_in_head(field.key_span.offset()) {
                    Some(line) => format!("the note declares a successor at line {line}"),
                    None => "the note declares a successor".to_string(),
                },
                (None, Some(edge)) => format!("`{}` says it supersedes this note", vault.notes[edge.by].path),
                (None, None) => "the note is superseded".to_string(),
            };
            out.push(
                Diagnostic::new(Code::StatusConflict, &note.path, format!("status is `{status}` but {why}"))
                    .at(*span, "says the note is current")
                    .help(format!("set `status: {}`, or remove the declaration", retired_word())),
            );
        }
    }
}

/// The status the vault writes on the notes it has retired for a
/// successor (`Replaced`, as a proposals process names it), as written
/// on most of them, where two notes or more agree.
fn retired_word(
    vault: &vaultlint_model::vault::Vault,
    life: &vaultlint_model::lifecycle::Lifecycle,
) -> Option<String> {
    let mut written: HashMap<&str, usize> = HashMap::new();
    for (id, note) in vault.notes.iter().enumerate() {
        let Some((status, _)) = note.status() else { continue };
        let lower = status.trim().to_lowercase();
        let retires = lower == "superseded"
            || REPLACED.contains(&lower.as_str())
            || SYNONYMS.iter().any(|&(word, meant)| word == lower && meant == "superseded");
        if retires && life.states[id].standing == Standing::Superseded && !vault.is_template(id) {
            *written.entry(status.trim()).or_default() += 1;
        }
    }
    // The most written, then the first by spelling, so that the choice
    // never depends on the order of a hash table.
    let best = written.into_iter().filter(|&(_, n)| n >= 2).max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)));
    best.map(|(word, _)| vaultlint_syntax::splice::yaml_scalar(word))
}

/// `retired-in-text`: a note whose opening says, in words, that it is
/// retired (see [`vaultlint_syntax::banner`]) while nothing in its
/// frontmatter takes it out of force.
pub fn retired_in_text(cx: &super::Context, out: &mut Vec<Diagnostic>) {
    let (vault, life, wanted) = (cx.vault, cx.life(), &cx.wanted[..]);
    for (id, note) in vault.notes.iter().enumerate() {
        let Some(banner) = note.retired_in_text() else { continue };
        // A frozen copy of a page a newer release still holds says what
        // that copy says: the notice is reported once, on the newest, and
        // the release folders' own table retires the older copies.
        if !wanted[id] || vault.is_template(id) || !life.in_force(id) || cx.outlived(id) {
            continue;
        }
        // A note the notice links to, in the vault: what replaces this one.
        let within = |link: &vaultlint_syntax::link::BodyLink| {
            link.span().offset() >= banner.offset() && link.span().end() <= banner.end()
        };
        let named =
            note.links.iter().filter(|l| within(l)).find_map(|link| match vault.resolve(id, &link.value()) {
                vaultlint_model::vault::Resolution::Note(to) if to != id => Some(to),
                _ => None,
            });
        let key = vault.successor_key();
        let help = match named {
            Some(to) => format!(
                "declare what it says: `{key}: {}`; if nothing replaces it, `status: deprecated`",
                vault.notes[to].path
            ),
            None => format!(
                "declare what it says: `{key}:` the note that replaces it, or, if nothing does, `status: deprecated`"
            ),
        };
        out.push(
            Diagnostic::new(
                Code::RetiredInText,
                &note.path,
                "the note says it is retired, but its frontmatter does not: indexers serve it as current",
            )
            .at(banner, "says the note is retired")
            .help(help),
        );
    }
}
