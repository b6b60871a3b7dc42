//! A note that says at its top, in words, that it is retired ("This page
//! is deprecated", "These are legacy guides and will not be maintained",
//! "This note has been merged into …"): a reader sees it, but no indexer
//! reads prose, so the note is served as current until its frontmatter
//! says so.
//!
//! Only the opening of the body is read (the blocks before its first
//! section, a title heading skipped), and only sentences that say it of
//! the note itself, the word with the verb. A docs page headed
//! `:::warning Deprecated` documents a deprecated command or component,
//! and is the current page about it; "this is the legacy v1 command"
//! says it of the command.
//!
//! A decision record says it in its status instead, written in the body
//! where its template puts it: MADR's `- Status: superseded by [ADR-0005](0005-x.md)`
//! line, or the first line of Nygard's `## Status` section (`Superseded by
//! [3. Use Y](0003-use-y.md)`, as adr-tools writes it).

use vaultlint_core::diagnostic::Span;

/// How far into the body a notice is looked for: it is put where a
/// reader sees it first.
const OPENING: usize = 1200;
/// And how many blocks (paragraphs, lists, headings) into it.
const OPENING_BLOCKS: usize = 4;

/// What a note calls itself in a notice about it.
const SELVES: &[&str] = &[
    "page",
    "pages",
    "document",
    "doc",
    "docs",
    "documentation",
    "guide",
    "guides",
    "note",
    "article",
    "proposal",
    "rfc",
    "decision",
    "record",
    "policy",
    "post",
    "tutorial",
    "section",
    "content",
    "information",
    "version",
    "procedure",
    "process",
    "plan",
    "runbook",
    "playbook",
    "file",
    "entry",
];

/// The words that retire a note, each read after "this page is" or "these
/// are": `deprecated`, `legacy guides`, `no longer maintained`.
const RETIRED: &[&str] = &[
    "deprecated",
    "obsolete",
    "outdated",
    "out of date",
    "out-of-date",
    "superseded",
    "superceded",
    "superceeded",
    "archived",
    "retired",
    "legacy",
    "no longer maintained",
    "no longer updated",
    "no longer accurate",
    "no longer valid",
    "no longer current",
    "no longer relevant",
    "no longer in effect",
    "no longer in use",
    "no longer recommended",
    "not recommended anymore",
    "not maintained",
    "unmaintained",
    "not be maintained",
    "not be maintened",
    "merged into",
    "consolidated into",
    "integrated into",
    "folded into",
    "replaced by",
    "moved to",
    "migrated to",
];

/// The statuses that retire a decision record, each read at the start of
/// its status: `Superseded by [...]`, `Deprecated`. (`Rejected` is a
/// decision not taken, which its record says as plainly as any reader
/// needs; `Accepted, amended by` keeps it in force.)
/// (`Superceded`, as records are often spelt, too.)
const RETIRED_STATUSES: &[&str] =
    &["superseded", "superceded", "superceeded", "deprecated", "obsolete", "retired", "replaced by"];

/// How far into the body a decision record's status is looked for: after
/// its title, date and deciders, and, in Nygard's template, its first
/// section.
const STATUS_WINDOW: usize = 2000;
/// How far into a decision record its status section is looked for: some
/// templates put it after the context and the decision.
const RECORD_STATUS_WINDOW: usize = 32 * 1024;

/// The span of the sentence at the top of the body (which starts at
/// `body_start` in `text`) that says the note is retired, or of a
/// decision record's status that does, if one does. `record` says the
/// note is named as a decision record is ([`decision_record`]): its status
/// section is read wherever its template puts it.
pub fn retired(text: &str, body_start: usize, record: bool) -> Option<Span> {
    let body = text.get(body_start..)?;
    let opening = opening_lines(body);
    said_in_words(body, &opening, body_start)
        .or_else(|| banner_alone(&opening, body_start))
        .or_else(|| retired_status(body, body_start, record))
}

/// Whether the note at `path` is named as a decision record or a proposal
/// is: its name opens with a record's number, after a short prefix
/// (`ADR017-cell-capacity.md`, `adr-0003-x.md`, `0003-use-y.md`), or it is
/// filed in a folder of them (`decisions/`, `adr/`,
/// `architecture_decision_records/`, `rfcs/`). A day's date is no number
/// of a record.
pub fn decision_record(path: &str) -> bool {
    let (folders, name) = path.rsplit_once('/').unwrap_or(("", path));
    let folder_says = folders.split('/').any(|f| {
        let f = f.to_ascii_lowercase().replace(['_', ' '], "-");
        matches!(f.as_str(), "adr" | "adrs" | "decisions" | "decision-records" | "rfcs" | "rfc")
            || f.ends_with("decision-records")
            || f == "architecture-decisions"
    });
    let letters = name.bytes().take_while(u8::is_ascii_alphabetic).count();
    let rest = name[letters..].trim_start_matches(['-', '_', ' ']);
    let apart = rest.len() < name.len() - letters;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = rest.as_bytes().get(digits).copied();
    // A word follows the number (`0003-use-y`, `ADR017-cell-capacity`),
    // where a day's name goes on with digits (`2024-01-05`); or the name
    // ends with it, set apart from its prefix (`rfc-7`) or of three digits
    // or more (`ADR017`): `python3` and `v2` name no record.
    let worded = matches!(after, Some(b'-' | b'_' | b' '))
        && rest.as_bytes().get(digits + 1).is_some_and(u8::is_ascii_alphabetic);
    let ends = after.is_none() && (apart || digits >= 3);
    let numbered = (1..=5).contains(&digits)
        && (letters == 0 && worded
            || (2..=6).contains(&letters) && (digits >= 2 || apart) && (worded || ends));
    folder_says || numbered
}

/// The span of a sentence of the opening that says the note is retired.
fn said_in_words(body: &str, opening: &[(usize, &str)], body_start: usize) -> Option<Span> {
    // Most openings hold no "this" nor "these": one fast look, and no line
    // is read.
    let end = opening.last().map_or(0, |&(start, line)| start + line.len());
    let opening_bytes = &body.as_bytes()[..end];
    if !mentions_this(opening_bytes) && memchr::memmem::find(opening_bytes, b"ersion").is_none() {
        return None;
    }
    opening.iter().find_map(|&(start, line)| {
        let trimmed = line.trim();
        let heading = trimmed.strip_prefix('#');
        let code = trimmed.starts_with("```") || trimmed.starts_with("~~~");
        let markup = trimmed.starts_with('<') && !trimmed.starts_with("<!");
        let said = match heading {
            Some(heading) => says_retired(heading),
            None => !code && !markup && (says_retired(trimmed) || points_to_newer_version(trimmed)),
        };
        said.then(|| line_span(line, body_start + start))
    })
}

/// The words that call a version the newer one.
const NEWER: &[&str] = &["updated", "newer", "new", "revised", "latest", "current", "recent"];
/// What a note that points to its newer version calls itself (`of this
/// post`): a written piece, not a file or its content, whose newer
/// version may be the software's.
const PIECES: &[&str] = &[
    "post",
    "page",
    "article",
    "note",
    "guide",
    "document",
    "doc",
    "tutorial",
    "policy",
    "proposal",
    "procedure",
    "runbook",
    "playbook",
];
/// The verbs that send a reader on to another text (`try the updated
/// version`, `check out the newer version`).
const SENDS: &[&str] = &["see", "read", "try", "visit", "find", "follow"];

/// Whether a line of the opening points the reader to a newer version of
/// the note, with a link: "There is an [updated version](…) of this
/// post", "An updated version of this page is [here](…)", "Try the
/// [updated version](…)", as a blog post rewritten under a new date says
/// it. Sent on without "of this post", the link must stay in the vault:
/// "see the latest version on [npm](https://…)" is about the software.
/// "The latest version of the CLI" is about the CLI, and "this is the
/// updated version of …" is the newer note speaking.
fn points_to_newer_version(line: &str) -> bool {
    let lower = line.to_lowercase();
    if !lower.contains("version") {
        return false;
    }
    let linked = |internal: bool| {
        lower.contains("[[")
            || ["{% link", "{% post_url", "{{< ref", "{{< relref", "{{% ref"]
                .iter()
                .any(|t| lower.contains(t))
            || lower.match_indices("](").any(|(at, _)| !(internal && lower[at + 2..].starts_with("http")))
    };
    if !linked(false) {
        return false;
    }
    let words = prose_words(&lower);
    let at_version = words.iter().enumerate().filter(|(_, w)| **w == "version").map(|(i, _)| i);
    for i in at_version {
        let Some(adjective) = i.checked_sub(1).map(|j| words[j]) else { continue };
        if !NEWER.contains(&adjective) {
            continue;
        }
        let after: Vec<&str> = words[i + 1..].iter().copied().take(3).collect();
        let of_this = matches!(after[..], ["of", "this", what, ..] if PIECES.contains(&what));
        let of_other = after.first() == Some(&"of") && !of_this;
        // The newer note says "this is an updated version of …".
        let spoken_by_newer =
            words[..i].windows(2).any(|w| w[0] == "this" && matches!(w[1], "is" | "post" | "page"));
        if of_other || spoken_by_newer {
            continue;
        }
        let before: Vec<&str> = words[..i - 1].iter().rev().take(3).copied().collect();
        let mut verbs = before.iter().skip_while(|w| matches!(**w, "the" | "an" | "a" | "our" | "my"));
        let sent = match (verbs.next(), verbs.next()) {
            (Some(&"out"), Some(&"check")) => true,
            (Some(&"to"), Some(&("go" | "refer" | "head"))) => true,
            (Some(verb), _) => SENDS.contains(verb),
            _ => false,
        };
        // Sent on, the link is the phrase itself (`[updated version](…)`,
        // `[[Setup 2026|new version]]`): "see the new version [[Obsidian
        // 1.5]]" names a release of the software.
        let phrase_linked = [format!("{adjective} version]("), format!("{adjective} version]]")]
            .iter()
            .any(|closing| lower.contains(closing.as_str()));
        if of_this || sent && phrase_linked && linked(true) {
            return true;
        }
    }
    false
}

/// The words of a line as a reader reads them, lowercased: a link's
/// text without its address, a wikilink as its alias, and no template
/// tags (`{% link … %}`).
fn prose_words(line: &str) -> Vec<&str> {
    let mut kept = Vec::new();
    let mut rest = line;
    while !rest.is_empty() {
        let cut = ["](", "{%", "{{", "[["].iter().filter_map(|t| rest.find(t).map(|at| (at, *t))).min();
        let Some((at, opener)) = cut else {
            kept.push(rest);
            break;
        };
        kept.push(&rest[..at]);
        if opener == "[[" {
            // A wikilink reads as its alias, if it has one: `[[Setup 2026|new version]]`.
            let inner = &rest[at + 2..];
            let end = inner.find("]]").unwrap_or(inner.len());
            kept.push(inner[..end].rsplit_once('|').map_or(&inner[..end], |(_, alias)| alias));
            rest = inner.get(end + 2..).unwrap_or("");
            continue;
        }
        let closer = match opener {
            "](" => ")",
            "{%" => "%}",
            _ => "}}",
        };
        rest = rest[at + opener.len()..]
            .find(closer)
            .map_or("", |end| &rest[at + opener.len() + end + closer.len()..]);
    }
    kept.iter()
        .flat_map(|part| part.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-')))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The words a banner at the very top of a note may be alone
/// (`**DEPRECATED**`, `*Deprecated 2026-03-30*`, `Obsolete: see [[X]]`),
/// in the languages notes are kept in; each with whether it needs a
/// link after it (`Moved to [README](./README.md).`). Not `Archived`: a
/// vault files its finished projects so, as its `status: archived` does.
const BANNER_WORDS: &[(&str, bool)] = &[
    ("deprecated", false),
    ("obsolete", false),
    ("superseded", false),
    ("superceded", false),
    ("outdated", false),
    ("retired", false),
    ("unmaintained", false),
    ("moved to", true),
    ("moved into", true),
    ("merged into", true),
    ("consolidated into", true),
    ("replaced by", true),
    ("migrated to", true),
    ("veraltet", false),
    ("obsolète", false),
    ("obsoleto", false),
    ("obsoleta", false),
    ("非推奨", false),
    ("廃止", false),
    ("已弃用", false),
    ("已废弃", false),
    ("已过时", false),
    ("该文档已合并到", true),
    ("本文档已合并到", true),
    ("该文档已迁移到", true),
    ("本文档已迁移到", true),
];

/// The words that may stand before the link a banner points to: `see`,
/// `use … instead`, `moved to`.
/// (`in favour of`, but not `Obsolete in [[App Router]]`, which says
/// where the thing the note is about is obsolete).
const POINTERS: &[&str] =
    &["see", "use", "read", "go", "to", "instead", "the", "new", "please", "now", "->", "→"];

/// The span of a banner that is the word alone, on one of the first two
/// lines of the body after its title: the word with nothing after it but
/// markup, a date (`*Deprecated 2026-03-30*`) or a pointer to another
/// note (`Obsolete: see [[Publish]]`). An admonition (`:::warning
/// Deprecated`) is a docs page's notice about what it documents, and a
/// heading (`## Deprecated`) opens a section of what is deprecated; `Deprecated:
/// use the v2 command` says it of a command.
fn banner_alone(opening: &[(usize, &str)], body_start: usize) -> Option<Span> {
    let mut lines = opening.iter().skip_while(|(_, line)| line.trim_start().starts_with("# ")).take(2);
    lines.find_map(|&(start, line)| said_alone(line).then(|| line_span(line, body_start + start)))
}

/// Whether a line is a banner word alone (see [`banner_alone`]).
fn said_alone(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.starts_with([':', '`', '~', '|', '#', '<']) {
        return false;
    }
    let mut text = trimmed.trim_start_matches(['>', ' ', '\t']);
    // A callout's tag: `> [!WARNING] Deprecated`.
    if let Some(rest) = text.strip_prefix("[!") {
        text = rest.split_once(']').map_or("", |(_, after)| after);
    }
    let text = text.trim_start_matches(['*', '_', '~', ' ', '[', '(']);
    let Some((rest, needs_link)) =
        BANNER_WORDS.iter().find_map(|&(word, needs_link)| Some((after_word(text, word)?, needs_link)))
    else {
        return false;
    };
    let rest = rest.trim_start_matches(['*', '_', '~', ')', ']', ':', '：', '-', '–', '—', ' ', '.', '!']);
    let linked = |rest: &str| {
        let link = rest.contains("[[") || rest.contains("](") || rest.contains("http");
        let at = [rest.find('['), rest.find("http")].into_iter().flatten().min();
        link && at.is_some_and(|at| {
            let before = rest[..at].to_lowercase().replace("in favour of", "").replace("in favor of", "");
            before.split_whitespace().all(|w| POINTERS.contains(&w.trim_matches([':', ','])))
                && before.split_whitespace().count() <= 4
        })
    };
    if needs_link {
        return linked(rest);
    }
    let dated = rest.len() >= 4 && rest.as_bytes()[..4].iter().all(u8::is_ascii_digit);
    rest.is_empty() || dated || linked(rest)
}

/// The span of the line of a decision record's status that retires it:
/// a `Status: ...` line (in a list, in bold or plain) or the first lines
/// of a section headed `Status`, within [`STATUS_WINDOW`] bytes and its
/// first three headings.
fn retired_status(body: &str, body_start: usize, record: bool) -> Option<Span> {
    let window =
        vaultlint_core::text::prefix(body, if record { RECORD_STATUS_WINDOW } else { STATUS_WINDOW });
    // Most notes have no status in their body: one fast look for its
    // letters, and no line is read. (A record may head a section with its
    // status alone.)
    let bytes = window.as_bytes();
    if !record
        && memchr::memmem::find(bytes, b"tatus").is_none()
        && memchr::memmem::find(bytes, b"TATUS").is_none()
    {
        return None;
    }
    let (mut headings, mut section_lines) = (0, None::<usize>);
    // A status in a fenced block (`status: deprecated` in a sample file)
    // is the sample's, as a link there is none.
    for line in crate::markdown::prose_lines(window) {
        // Each line is a slice of the window: its offset is where it starts.
        let start = line.as_ptr() as usize - window.as_ptr() as usize;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        // A heading, not a tag (`#superseded`, as Obsidian tags a note).
        if let Some(heading) = trimmed.strip_prefix('#').filter(|h| h.starts_with(['#', ' '])) {
            headings += 1;
            if headings > 3 && !record {
                break;
            }
            let heading = heading.trim_start_matches('#').trim().trim_end_matches(':');
            let heading = heading.trim_matches(['*', '_']);
            // A record's section headed by its status alone (`## Superseded`).
            if record && headings > 1 && RETIRED_STATUSES.iter().any(|w| heading.eq_ignore_ascii_case(w)) {
                return Some(line_span(line, body_start + start));
            }
            section_lines = heading.eq_ignore_ascii_case("status").then_some(0);
            continue;
        }
        let value = match section_lines.as_mut() {
            Some(read) if *read < 3 => {
                *read += 1;
                Some(trimmed)
            }
            Some(_) => None,
            None => labelled_status(trimmed),
        };
        // A note that is no record, whose status names a project outside
        // the vault (`- Status: replaced by [other-lib](https://…)`), says
        // it of the library it is about.
        let elsewhere = |value: &str| !record && value.contains("](http") && !value.contains("](.");
        if value.is_some_and(|v| retiring_status(v) && !elsewhere(v)) {
            return Some(line_span(line, body_start + start));
        }
    }
    None
}

/// The value of a `Status: value` line (`- Status: superseded by …`,
/// `**Status:** Deprecated`), if the line is one.
fn labelled_status(line: &str) -> Option<&str> {
    let line = line.trim_start_matches(['-', '*', '+', ' ', '\t']);
    let (label, value) = line.split_once(':')?;
    let label = label.trim().trim_matches(['*', '_']);
    label.eq_ignore_ascii_case("status").then(|| value.trim_start_matches(['*', '_', ' ']))
}

/// Whether a status value opens with a status that retires the note.
fn retiring_status(value: &str) -> bool {
    let value = value.trim_start_matches(['*', '_', '`', ' ']);
    RETIRED_STATUSES.iter().any(|word| after_word(value, word).is_some())
}

/// What follows `word` (in any ASCII case) at the start of `text`, if it
/// opens it as a whole word: `Superseded by`, not `Supersededness`.
fn after_word<'t>(text: &'t str, word: &str) -> Option<&'t str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    (head.eq_ignore_ascii_case(word) && !rest.starts_with(|c: char| c.is_ascii_alphanumeric()))
        .then_some(rest)
}

/// The lines of the body's opening, each with its offset in the body:
/// up to [`OPENING_BLOCKS`] blocks (paragraphs, lists, headings) within
/// [`OPENING`] bytes, and no further than the second heading (the first
/// names the note or opens its introduction; the second opens a section).
/// Blank lines are left out.
fn opening_lines(body: &str) -> Vec<(usize, &str)> {
    let (mut at, mut blocks, mut headings, mut in_block) = (0, 0, 0, false);
    let mut lines = Vec::new();
    for line in body.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            in_block = false;
            continue;
        }
        if !in_block {
            blocks += 1;
            in_block = true;
        }
        if start > OPENING || blocks > OPENING_BLOCKS {
            break;
        }
        lines.push((start, line));
        if trimmed.starts_with('#') {
            headings += 1;
            in_block = false;
            if headings > 1 {
                break;
            }
        }
    }
    lines
}

/// Whether `bytes` hold `this` or `these`, in any case: found by their
/// `h`, which the vector search finds fast.
fn mentions_this(bytes: &[u8]) -> bool {
    memchr::memchr2_iter(b'h', b'H', bytes).any(|at| {
        let before = at.checked_sub(1).map(|i| bytes[i] | 0x20);
        let after = |word: &[u8]| {
            bytes.get(at + 1..at + 1 + word.len()).is_some_and(|w| w.eq_ignore_ascii_case(word))
        };
        before == Some(b't') && (after(b"is") || after(b"ese"))
    })
}

/// The span of `line` (starting at `start`) without its line break and
/// the white space around it.
fn line_span(line: &str, start: usize) -> Span {
    let lead = line.len() - line.trim_start().len();
    Span::new(start + lead, line.trim().len())
}

/// Whether a line of the opening says the note is retired.
fn says_retired(line: &str) -> bool {
    // Most lines say neither: they are passed over without a copy.
    if !mentions_this(line.as_bytes()) {
        return false;
    }
    // Markup is no word: `> **Deprecated**:`, `:::warning`, `[!WARNING]`.
    // A sentence's end is kept as a word of its own, `.`.
    let plain: String = line
        .chars()
        .flat_map(|c| match c {
            c if c.is_alphanumeric() || c == '\'' || c == '-' => [c.to_ascii_lowercase(), '\0', '\0'],
            '.' | '!' | '?' | ';' => [' ', '.', ' '],
            _ => [' ', '\0', '\0'],
        })
        .filter(|&c| c != '\0')
        .collect();
    let words: Vec<&str> = plain.split_whitespace().collect();
    let words: Vec<&str> = words
        .into_iter()
        .skip_while(|w| {
            matches!(
                *w,
                "warning"
                    | "note"
                    | "caution"
                    | "important"
                    | "info"
                    | "danger"
                    | "tip"
                    | "attention"
                    | "notice"
            )
        })
        .collect();
    if words.is_empty() {
        return false;
    }
    // "this page is deprecated", "these are legacy guides", "this
    // proposal has been superseded", "the content of this page is out of
    // date"; never "not deprecated".
    let text = format!(" {} ", words.join(" "));
    let subjects = text.match_indices(" this ").chain(text.match_indices(" these "));
    for (from, subject) in subjects {
        let after = &text[from + subject.len() - 1..];
        let sentence_end = after.find(" . ").unwrap_or(after.len());
        let clause = &after[..sentence_end];
        // "This page is", "these guides are", "this is", "these are":
        // about the note, not "this project" or "this endpoint".
        let verbs = |w: &str| matches!(w, "is" | "are" | "has" | "have" | "was" | "were");
        let first: Vec<&str> = clause.split_whitespace().take(2).collect();
        let (about_self, bare) = match first[..] {
            [w, ..] if verbs(w) => (true, true),
            [w, v, ..] => (SELVES.contains(&w) && verbs(v), false),
            _ => (false, false),
        };
        // "The projects on this page are not maintained": the page holds
        // what the sentence is about. ("The contents of this post are out
        // of date" is about the post.)
        let before = text[..from].split_whitespace().next_back();
        let holds = matches!(before, Some("on" | "in" | "at" | "from" | "within" | "under" | "to" | "by"));
        if !about_self || holds {
            continue;
        }
        // The word comes with the verb (`is deprecated`, `has been
        // superseded`, `are legacy guides`): "this is the legacy v1
        // command" or "this is in part a legacy of" say it of something else.
        let words: Vec<&str> = clause.split_whitespace().collect();
        let Some(verb) = words.iter().position(|w| verbs(w)) else { continue };
        let filler =
            |w: &&str| matches!(*w, "now" | "been" | "currently" | "temporarily" | "officially" | "also");
        let rest: Vec<&str> = words[verb + 1..].iter().copied().skip_while(filler).take(5).collect();
        let rest = format!(" {} ", rest.join(" "));
        let Some(word) = RETIRED.iter().find(|w| rest.starts_with(&format!(" {w} "))) else { continue };
        // "This is" alone may be about anything ("since the 1990s, this
        // has been replaced by software"): it is the note's only where
        // it names what it retires (`these are legacy guides`).
        let after: Vec<&str> = rest[word.len() + 2..].split_whitespace().collect();
        // "Not maintained by the web team" says who keeps it.
        let kept_by = ["maintained", "maintened", "updated"].iter().any(|w| word.ends_with(w))
            && after.first() == Some(&"by");
        if kept_by {
            continue;
        }
        let named = after.iter().take(2).any(|w| SELVES.contains(w));
        if !bare || named {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Option<&str> {
        let start = crate::markdown::body_start(text);
        retired(text, start, false).map(|s| &text[s.offset()..s.offset() + s.len()])
    }

    #[test]
    fn notices_about_the_note_are_found() {
        let cases = [
            "---\ntitle: x\n---\n\n> These are legacy guides and will not be maintened. You may be looking for /learn/.\n\n# Body\n",
            "# Ruler HA\n\n_This proposal is deprecated in favor of the new [proposal](./ruler-ha-new.md)_\n",
            "- Author: someone\n- Date: June 2022\n- Status: Deprecated\n---\n\n## Introduction\n\n_This proposal is deprecated in favor of the new one._\n",
            "> [!WARNING]\n> This page is out of date. See [[Onboarding 2026]].\n",
            "> **DEPRECATED:** This note has been merged into [[Types of boundaries]].\n",
            "Read this first. This page has moved to [the new guide](guide.md).\n",
            "# Setup\n\nThis document has been superseded by setup-v2.\n",
            "Body doubling helps.\n\nThis note has been consolidated into [[Body doubling for focus]].\n",
            "---\nstatus: Moved\n---\nThis file was moved to https://example.org/specs/1046.\n",
            "This doc has been migrated to [Multi-cluster delivery](../delivery.md).\n",
            "# Trial accounts\n\nThis process is no longer in effect: see [Closing accounts](closing.md).\n",
            "This record has been superceded by [ADR021](ADR021-capacity-2.md).\n",
        ];
        for text in cases {
            assert!(found(text).is_some(), "{text}");
        }
    }

    /// A blog post rewritten under a new date points to the rewrite from
    /// the old one; the newer note's own "updated version of", and a
    /// newer version of what the note is about, are no notice.
    #[test]
    fn a_pointer_to_the_updated_version_is_a_notice() {
        let cases = [
            "I set this up last spring.\n\nThere is an [updated version]({% link _posts/2026-01-26-setup.md %}) of this post for the new release.\n",
            "Tokens are no longer best practice.\n\nTry the [updated version](2026-01-26-setup.md) that uses trusted publishing.\n",
            "> An updated version of this guide is [here](../guides/setup.md).\n",
            "Check out the [newer version]({{< ref \"setup-2\" >}}).\n",
            "_See the [[Setup 2026|new version]] instead._\n",
            "Try the Updated Version [here](setup-2.md) too, and the [Updated Version](setup-2.md).\n",
        ];
        for text in cases {
            assert!(found(text).is_some(), "{text}");
        }
        let not = [
            "This is an updated version of [Setup](2024-06-24-setup.md), first published in 2024.\n",
            "See the latest version of the CLI in [Install](install.md).\n",
            "Install the new version from [npm](https://www.npmjs.com/package/x).\n",
            "See the latest version on [npm](https://www.npmjs.com/package/x).\n",
            "Upgrade to the new version [[Release 2.0]] first.\n",
            "The updated version of this post fixes typos.\n",
            "See the new version [[Obsidian 1.5]] for canvas support.\n",
            "Find the latest version in [[Downloads]].\n",
            "Try the new version [here](c2.md) of the app, it is faster.\n",
            "The latest version of this file is on [GitHub](https://github.com/me/dotfiles).\n",
        ];
        for text in not {
            assert_eq!(found(text), None, "{text}");
        }
    }

    #[test]
    fn banners_that_are_the_word_alone_are_found() {
        let cases = [
            ("# Old preview\n\n**DEPRECATED**\n\nText.\n", "**DEPRECATED**"),
            ("*Deprecated 2026-03-30*\n\nThe agreement.\n", "*Deprecated 2026-03-30*"),
            ("**Deprecated:** 2026-01-12\n", "**Deprecated:** 2026-01-12"),
            ("Obsolete: see [[Publish]]\n", "Obsolete: see [[Publish]]"),
            ("_Deprecated in favour of [[Publish]]_\n", "_Deprecated in favour of [[Publish]]_"),
            ("> [!WARNING] Superseded\n> Kept for the record.\n", "> [!WARNING] Superseded"),
            ("Moved to [CIP-0003/README.md](./README.md).\n", "Moved to [CIP-0003/README.md](./README.md)."),
            ("# 旧手順\n\n*非推奨: 2023-05-18*\n", "*非推奨: 2023-05-18*"),
            (
                "该文档已合并到[定义与模板](./definitions.md)。\n",
                "该文档已合并到[定义与模板](./definitions.md)。",
            ),
        ];
        for (text, line) in cases {
            assert_eq!(found(text), Some(line), "{text}");
        }
    }

    #[test]
    fn words_alone_about_other_things_are_not() {
        let cases = [
            "# Release 3.2\n\n## Deprecated\n\n- the `--fast` flag\n",
            "Deprecated since 2.0, when the flag was renamed.\n",
            "Moved to Berlin in 2019, then to Lisbon.\n",
            "Archived projects are listed below.\n",
            "# Website relaunch\n\n**Archived** 2025-02-01\n\nShipped in January.\n",
            "# Tools\n\nIntro.\n\nMore.\n\n**DEPRECATED**\n",
            "Deprecated: use the v2 command instead.\n",
            "Obsolete in [[App Router]].\n",
            "Outdated advice is everywhere; see [[Sources]] and [[Method]] and more of what we read.\n",
        ];
        for text in cases {
            assert_eq!(found(text), None, "{text}");
        }
    }

    #[test]
    fn decision_records_that_say_so_in_their_status_are_found() {
        let cases = [
            (
                "# Use numbers as ids\n\n- Status: superseded by [Use slugs](20201016-use-slugs.md)\n- Date: 2020-09-26\n",
                "- Status: superseded by [Use slugs](20201016-use-slugs.md)",
            ),
            (
                "# 2. Use X\n\nDate: 2018-03-01\n\n## Status\n\nSuperseded by [3. Use Y](0003-use-y.md)\n\n## Context\n",
                "Superseded by [3. Use Y](0003-use-y.md)",
            ),
            ("# 4. Queue\n\n**Status:** Deprecated\n\nBody.\n", "**Status:** Deprecated"),
            (
                "# 5. Old\n\n## Status\n\nAccepted\n\nSuperseded by [6. New](0006-new.md)\n",
                "Superseded by [6. New](0006-new.md)",
            ),
        ];
        for (text, line) in cases {
            assert_eq!(found(text), Some(line), "{text}");
        }
    }

    /// A decision record's status is read wherever its template puts it,
    /// after the context and the decision, and so is a section its status
    /// heads (`## Superceded`), as records are often spelt.
    #[test]
    fn a_records_status_is_read_wherever_it_is() {
        let late = "# 10. Later\n\n## Context\n\nA.\n\n## Decision\n\nB.\n\n## Consequences\n\nC.\n\n## Status\n\nSuperceded by [11. Next](0011-next.md)\n";
        let start = crate::markdown::body_start(late);
        let span = retired(late, start, true).unwrap();
        assert_eq!(
            &late[span.offset()..span.offset() + span.len()],
            "Superceded by [11. Next](0011-next.md)"
        );
        assert_eq!(retired(late, start, false), None);
        let headed = "# ADR017: capacity\n\n## Superceded\n\nThis has been superceded by [ADR021](ADR021-capacity.md).\n\n## Context\n";
        let span = retired(headed, 0, true).unwrap();
        assert_eq!(&headed[span.offset()..span.offset() + span.len()], "## Superceded");
        let release = "# Release 3.2\n\n## Deprecated\n\n- the `--fast` flag\n";
        assert_eq!(retired(release, 0, false), None);
        // A tag line is no heading.
        let tagged = "# 3. Use Y\n\n#superseded #adr\n\n## Status\n\nAccepted\n";
        assert_eq!(retired(tagged, 0, true), None);
    }

    #[test]
    fn records_are_known_by_their_names_and_folders() {
        for path in [
            "docs/architecture_decision_records/ADR017-cell-capacity.html.md",
            "doc/adr/0003-use-y.md",
            "adr-0012-queues.md",
            "RFC-7-names.md",
            "handbook/decisions/why-we-chose-postgres.md",
        ] {
            assert!(decision_record(path), "{path}");
        }
        for path in [
            "journal/2024-01-05.md",
            "notes/python packages.md",
            "docs/v2/install.md",
            "20201016-use-slugs.md",
            "notes/python3.md",
            "v2.md",
            "k8s.md",
            "ipv6.md",
            "deploy2-notes.md",
        ] {
            assert!(!decision_record(path), "{path}");
        }
    }

    #[test]
    fn statuses_that_keep_a_record_in_force_are_not() {
        let cases = [
            "# 1. Record\n\n## Status\n\nAccepted\n\n## Context\n\nSuperseded by nothing.\n",
            "# T\n\n- Status: [draft | proposed | superseded by [xxx](yyyymmdd-xxx.md)]\n",
            "# 7. Amended\n\n- Status: accepted, amended by [8. More](0008-more.md)\n",
            "# 9. Rejected\n\n- Status: rejected\n",
            "# Release status\n\nThe status: deprecated APIs are listed below.\n",
            "# Intro\n\n## Status\n\nSupersededness is a word we made up.\n",
            "# Chart values\n\n```yaml\nname: web\nstatus: deprecated\n```\n",
            "# investpy\n\n- Source: [repo](https://example.org/investpy)\n- Status: replaced by [investiny](https://example.org/investiny)\n",
            "# 10. Later\n\n## Context\n\nA.\n\n## Decision\n\nB.\n\n## Consequences\n\nC.\n\n## Status\n\nSuperseded\n",
        ];
        for text in cases {
            assert_eq!(found(text), None, "{text}");
        }
    }

    #[test]
    fn notices_about_other_things_are_not() {
        let cases = [
            "# API\n\nThe `v1` endpoint is deprecated; call `v2`.\n",
            "# Features\n\n## Deprecated features\n\nThis page is deprecated.\n",
            "> ON HOLD (paused 2026-05-29) — not retired.\n",
            "This page is not deprecated, whatever the old banner said.\n",
            "Deprecated features are listed below.\n",
            "# Plan\n\nIntro.\n\nMore.\n\nEven more.\n\nAnd more.\n\nThis page is deprecated.\n",
            "This project is archived.\n",
            ":::warning Deprecated\n\nThis component is deprecated; use the new one.\n",
            "Deprecated: use the v2 command instead.\n",
            "This is the legacy v1 command; use v2.\n",
            "This post is the written legacy of a long search.\n",
            "No standard covers them all: this is in part a legacy of old wars.\n",
            "_This doc is likely out of date._\n",
            "The projects on this page are not maintained by the team.\n",
            "Since the early 1990s, this has been replaced by software.\n",
            "This policy is not maintained by HR: ask finance.\n",
        ];
        for text in cases {
            assert_eq!(found(text), None, "{text}");
        }
    }
}
