//! The rule registry: every rule's stable code, default severity, family,
//! one-line summary and longer explanation. Findings, configuration, SARIF
//! and the documentation all read it from here, so a rule is described in
//! one place.

use serde::Serialize;

/// How much a finding matters: an error fails a run; a warning fails it
/// only under `--strict`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// The severity a configuration sets for a rule, or `Off`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Error,
    Warning,
    Off,
}

/// What part of a vault a rule looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// `superseded_by` and `supersedes` values and the graph they make.
    Declarations,
    /// Statuses and effective dates: which note is in force.
    Lifecycle,
    /// Links in note bodies.
    Links,
    /// Notes that look like unmarked versions, and the dismissal file.
    Versions,
    /// Files that cannot be read as notes.
    Files,
    /// Comments and keys that silence findings.
    Suppressions,
}

impl Family {
    pub fn name(self) -> &'static str {
        match self {
            Family::Declarations => "declarations",
            Family::Lifecycle => "lifecycle",
            Family::Links => "links",
            Family::Versions => "versions",
            Family::Files => "files",
            Family::Suppressions => "suppressions",
        }
    }

    pub const ALL: &'static [Family] = &[
        Family::Declarations,
        Family::Lifecycle,
        Family::Links,
        Family::Versions,
        Family::Files,
        Family::Suppressions,
    ];
}

macro_rules! codes {
    ($( $variant:ident => $name:literal, $severity:ident, $family:ident, $summary:literal, $explanation:literal; )*) => {
        /// A rule, by its code: the registry below gives each its name,
        /// severity, family, summary and explanation.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $( $variant, )* }

        impl Code {
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            /// The stable name used in output and configuration.
            pub fn name(self) -> &'static str {
                match self { $( Code::$variant => $name, )* }
            }

            pub fn default_severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$severity, )* }
            }

            pub fn family(self) -> Family {
                match self { $( Code::$variant => Family::$family, )* }
            }

            /// One line saying what the rule catches.
            pub fn summary(self) -> &'static str {
                match self { $( Code::$variant => $summary, )* }
            }

            /// What the rule catches, why it matters, an example that
            /// triggers it, and how to fix it.
            pub fn explanation(self) -> &'static str {
                match self { $( Code::$variant => $explanation, )* }
            }
        }
    };
}

codes! {
    InvalidFrontmatter => "invalid-frontmatter", Error, Files,
        "The frontmatter does not parse as YAML, is not a mapping, is not closed, or is too large or too deeply nested to be safe.",
        "The frontmatter does not parse as YAML (with the error's line and column), is not a mapping, writes twice a key that vaultlint reads, is not closed, or is too large (over 1 MiB), too deep (over 64 levels) or has aliases standing for over 100,000 values.\n\nA key written twice is reported only when vaultlint reads it (a declaration, `status`, a date, `lang`, `authority`, `title`, `tags`, `aliases`, a scope or the suppression key): YAML loaders disagree on which of its values counts. Another key written twice, such as a repeated `description`, is left to the site's generator.\n\nFrontmatter indented with tabs, which YAML readers refuse, is read as Hexo reads it (each tab a space), so what the note declares still counts. It is reported where it is not the vault's way; a vault that indents a third of its notes' frontmatter so (a Hexo blog) is read by a tool that takes it, and nothing is reported.\n\nTwo shapes that the YAML specification does not allow are read as js-yaml, PyYAML and Go's YAML read them: a flow collection closed at its key's indentation (`aliases: [` on one line, `]` at the start of a later one), and a quoted value whose next lines start at its key's indentation.\n\nA note whose frontmatter cannot be read has no declarations anyone can trust: indexers skip it or read it differently.\n\nExample:\n\n    ---\n    title: Expenses\n    superseded_by: [unclosed\n    ---\n\nFix: correct the YAML at the line shown, or close the block with a line holding only `---`.";
    InvalidSuccessor => "invalid-successor", Error, Declarations,
        "The successor value is not a string or a list of strings, or is an unquoted wikilink.",
        "The successor value is not a string or a list of strings, is a URL, or is an unquoted wikilink (the help shows the quoted form). The same holds for a `supersedes` value, and so do the five rules after this one, except that a `supersedes` URL names a forerunner outside the vault (a proposal's earlier pull request): history, and no finding. Nor is a successor URL on a note whose status retires it (`Superseded`, `deprecated`, a proposal's `Replaced`): its successor lives in another repository (a proposal moved to a sister one), and the note is out of force as it says. A key left blank (`superseded_by:`, `\"\"`, `[]`), as templates ship it and Obsidian's properties keep it, declares nothing and is no finding; so does a list entry left blank (`-`, `- []`), and a value that says there is none (`N/A`, `None`, `TBD`) where no note has that name.\n\nA declaration must name a note. YAML reads `[[Note]]` without quotes as a list inside a list, and numbers and booleans name nothing.\n\nExample:\n\n    superseded_by: [[expenses-policy]]\n\nFix: quote wikilinks (`superseded_by: \"[[expenses-policy]]\"`), or write the path (`superseded_by: hr/expenses-policy.md`).";
    MissingSuccessor => "missing-successor", Error,  Declarations,
        "The successor resolves to no note in the vault.",
        "The successor resolves to no note. Where a note with a close name exists, the help names it (for a path written before its folder moved, `/quiesce/README.md`, the note the path ends, not every `README.md`); so does a record's number (`0118`, `SIMD-0118`) for the one note whose file name it opens (`0118-partitioned-rewards.md`), as proposals and decision records name each other. A note this one replaces (`supersedes`, `corrects`) that no longer exists is the usual end of a merge (the merged notes deleted, their names kept as aliases of the note that took them in): it is reported only where a note of a close name (the same file name but for case, folder or a few letters) says the value is a slip. On that side a bare wikilink names a note by its file name only: an alias that took over a deleted note's name does not make the note carrying it the older.\n\nA declaration that leads nowhere retires a note without saying what replaces it, so a reader or an agent is left with no current version.\n\nExample:\n\n    superseded_by: hr/expenses-2026.md   # no such file\n\nFix: point it at the note that exists (the help suggests a close name), or create that note.";
    AmbiguousSuccessor => "ambiguous-successor", Error, Declarations,
        "The successor wikilink fits several notes.",
        "A wikilink fits several notes; all are listed.\n\nA bare wikilink such as `[[README]]` may fit notes in several folders; tools disagree on which one is meant.\n\nExample:\n\n    superseded_by: \"[[README]]\"   # eng/README.md and ops/README.md\n\nFix: name the note with its folder, e.g. `\"[[eng/README]]\"`.";
    SuccessorOutsideVault => "successor-outside-vault", Error, Declarations,
        "The successor path leaves the vault root.",
        "The path leaves the vault root.\n\nA path that climbs out of the vault names a file no indexer of the vault will see, and vaultlint never reads outside the root.\n\nExample:\n\n    superseded_by: ../../other-vault/policy.md\n\nFix: name a note inside the vault.";
    SelfSupersession => "self-supersession", Error, Declarations,
        "The note names itself as its successor.",
        "The note names itself.\n\nA note that supersedes itself is retired with nothing to replace it, usually after a copy-and-paste.\n\nExample (in hr/expenses.md):\n\n    superseded_by: hr/expenses.md\n\nFix: name the note that replaces this one, or remove the key.";
    SupersessionCycle => "supersession-cycle", Error, Declarations,
        "Notes supersede each other in a loop, so none of them is current.",
        "Notes supersede each other in a loop. One finding per loop, on its first member by path, listing the loop in order.\n\nWhen A is superseded by B and B by A, every note of the loop is retired and none is current.\n\nExample:\n\n    a.md: superseded_by: b.md\n    b.md: superseded_by: a.md\n\nFix: remove the declaration from the note that is current.";
    UnreadableNote => "unreadable-note", Error, Files,
        "The note cannot be read or is not valid UTF-8.",
        "The file is not valid UTF-8 (with the line and column of the first bad byte) or cannot be read (a named pipe, a socket, an I/O error). A file whose byte-order mark says UTF-16, as some Windows editors save one, is read as the text it is, and no fix is written to it. The rest of the vault is still checked.\n\nA note that cannot be read cannot be checked, and its declarations are unknown.\n\nExample: a note saved as Latin-1, a named pipe called `note.md`, or a file without read permission.\n\nFix: re-save the note as UTF-8, or fix its permissions.";
    ConflictingSupersession => "conflicting-supersession", Error, Declarations,
        "The two sides of a declaration disagree: a note says it supersedes one that names another successor, or names a successor that does not name it back.",
        "The two sides disagree: a note says it `supersedes` X while X names other successors and not it, or a note names a successor whose `supersedes` list leaves it out.\n\n`superseded_by` on the older note and `supersedes` on the newer one must tell the same story, or readers of each side see a different history.\n\nExample:\n\n    expenses-2024.md: superseded_by: expenses-2025.md\n    expenses.md:      supersedes: expenses-2024.md\n\nFix: make both sides name each other, or remove one of them.";
    SuccessorByAlias => "successor-by-alias", Warning, Declarations,
        "The successor wikilink names the note by an alias, which vaultlint resolves but Obsidian does not.",
        "A wikilink successor reaches its note only by one of its `aliases`, which Obsidian does not follow; `check --fix` names the file instead.\n\nObsidian resolves `[[Name]]` by file name only: for a name that is only an alias it creates a new, empty note. Indexers that follow Obsidian then see a declaration that leads nowhere.\n\nExample (the note is `hr/expenses.md`, with `aliases: [Spending rules]`):\n\n    superseded_by: \"[[Spending rules]]\"\n\nFix: name the note by its file, `\"[[expenses]]\"`; `vaultlint check --fix` rewrites it.";
    SupersededSuccessor => "superseded-successor", Warning, Declarations,
        "The successor is itself superseded; the declaration should name the current note.",
        "A `superseded_by` value names a note that is itself superseded; the finding names the current note at the end of the chain. A step that both notes declare, the successor naming this note back in its `supersedes`, is a history of releases kept on purpose and is not reported.\n\nA declaration pointing at an intermediate version sends readers through a chain, and tools that follow one step land on a retired note.\n\nExample:\n\n    expenses-2023.md: superseded_by: expenses-2024.md\n    expenses-2024.md: superseded_by: expenses.md\n\nFix: point the declaration at the current note (`expenses.md`).";
    StatusConflict => "status-conflict", Warning, Lifecycle,
        "The `status` key disagrees with the supersession declarations.",
        "`status: superseded` (or `obsolete`) on a note nothing supersedes, in a vault that declares successors elsewhere (one that declares none retires its notes by status alone, and is not asked for successors it does not keep), a status that names the successor in words (`Superseded by FIP-0067`, `Inactive (superseded by CIP-0121)`, as proposal repositories write it, or MADR's `superseded by [ADR-0005](0005-x.md)`) with no declaration, which no indexer reads (the help names the note the name, link or record number resolves to; a status that opens with `superseded by` already takes the note out of force), or `status: active` (or `current`, `accepted`) on a note that is superseded. A proposal's `final`, `approved`, `implemented` or `living` conflicts with a successor only in a vault that writes a word of its own on its replaced proposals (`Replaced`, on two or more): many processes keep `Final` on a proposal a later one replaced. The help names the vault's own word for a replaced note where it has one.\n\nA note marked `superseded` with no successor, or `active` while a successor is in force, says two things at once. A `deprecated` decision record is out of force with nothing that replaces it, as MADR keeps it apart from `superseded by`: no conflict.\n\nExample:\n\n    status: active\n    superseded_by: travel.md\n\nFix: set the status that matches the declarations, or correct the declaration.";
    RetiredInText => "retired-in-text", Warning, Lifecycle,
        "The note says at its top, in words, that it is retired (`This page is deprecated`), but nothing in its frontmatter does, so indexers serve it as current.",
        "The opening of the note (the lines before its first section, a title heading aside) says the note itself is retired: `This page is deprecated`, `These are legacy guides and will not be maintained`, `This proposal is deprecated in favor of …`, `This document has been superseded by …`, a link to its newer version (`There is an [updated version](…) of this post`, `Try the [updated version](…)`, the link in the vault where no `of this post` says whose version it is), or a banner on the first lines after the title that is the word alone, with at most a date or a pointer to another note (`**DEPRECATED**`, `*Deprecated 2026-03-30*`, `Obsolete: see [[Publish]]`, `Moved to [the guide](guide.md).`, and the word in German, French, Spanish, Portuguese, Italian, Japanese or Chinese: `*非推奨: 2023-05-18*`). A decision record says it in its status, written in the body where its template puts it: a `- Status: superseded by [ADR-0005](0005-….md)` line, or the first lines of a `## Status` section (`Superseded by [3. Use Y](0003-use-y.md)`); in a note named or filed as a record (`ADR011-….md`, `0003-….md`, a folder `adr/`, `decisions/` or `architecture_decision_records/`) the status section is read wherever it is, and so is a section headed by the status alone (`## Superseded`); `Superceded`, as records are often spelt, is read too. A status naming a project outside the vault, in a note that is no record (`- Status: replaced by [pdf-kit](https://…)` on a library's page), is the library's. Its frontmatter declares no successor and its status keeps it in force. A sentence about something else (`The v1 endpoint is deprecated`, `This project is archived`, `Deprecated: use the v2 command`, `Obsolete in [[App Router]]`), an admonition (`:::warning Deprecated`), one that says the note is not retired, and a section further down (`## Deprecated features`) are not read. Templates are never reported, and nor is a frozen copy of a page a newer release folder still holds: the notice is reported once, on the newest copy, and the release folders' table retires the older ones.\n\nA reader sees the notice; no indexer reads prose. Until the frontmatter says it, the retired note is served as current, beside the one that replaced it.\n\nExample:\n\n    ---\n    title: Ruler HA\n    ---\n    _This proposal is deprecated in favor of the new [proposal](./ruler-ha-new.md)._\n\nFix: declare what the notice says: `superseded_by:` the note that replaces it (the help names a note the notice links to), or, where nothing replaces it, `status: deprecated`.";
    UnknownStatus => "unknown-status", Warning, Lifecycle,
        "The `status` value looks meant as a lifecycle word (a synonym such as `retired`, or a misspelling such as `supersded`), or is a template's list of choices, which the lifecycle does not read.",
        "The `status` value is a synonym of a lifecycle word (`current`, `obsolete`, `retired`, `withdrawn`, ...) or a misspelling of one (`supersded`, `actve`); the help names the word meant. A value that lists statuses (`provisional|implementable|withdrawn`, as a proposal template offers them) is reported too: it reads as no status at all. Any other value is the vault's own (`todo`, `published`, `Stable`) and is not reported; so is a synonym in a vault whose statuses are mostly words of its own (a proposals process's `Final`, `Deferred` and `Withdrawn`, a workflow's `WIP`), where only a misspelling is reported (and never a synonym of `active`, since the note is in force either way). Decision records' `accepted`, `proposed` and `deprecated` are read as `active`, `draft` and `superseded`.\n\nThe lifecycle reads only its own words: a note that says `retired` is still in force, which is rarely what was meant.\n\nExample:\n\n    status: retired\n\nFix: write the lifecycle word (`revoked`), or, if the word is the vault's own, list it under `statuses` in vaultlint.toml.";
    MisspeltKey => "misspelt-key", Warning, Declarations,
        "A frontmatter key that nothing reads is a slip away from one that is read (`stauts`, `superseeded_by`), so what it says is ignored; or a key spelt otherwise than on the vault's other notes (`Date` among `date`).",
        "A top-level frontmatter key that vaultlint does not read is written a slip away from one it reads: a declaration key (`superseded_by`, `supersedes`, `corrected_by`, `corrects`, as configured), a lifecycle or date key (`status`, `effective_from`, `effective_to`, `review_due`, `date`, `created`, `updated`, `modified`, `lastmod` (Hugo's), `last_modified_at` (Jekyll's), `creation_date`, `slurped`, `clipped`), `authority`, `lang`, `language` or a scope key. A slip is, for a key of six letters or more, one letter added, missing, changed or swapped with the next (two for a key of ten or more). A plural of a singular key (`languages`, `updates`) is another key. A key that five notes or more of the vault use is the vault's own and is not reported, nor is a key left blank, nor anything in a template; where the vault spells a read key its own way on five notes or more (`Created`), a slip of it is renamed to that spelling.\n\nThe same letters in another case or joined otherwise (`Status`, `SupersededBy`, `review-due`) are read as the key they spell, as vaults that capitalise their keys (proposal headers, some Hugo sites) write every key. Such a key is reported only where the vault writes the key as it is read on more notes, and this spelling on fewer than five: a slip of the vault's convention, which a tool reading the key as written misses.\n\nA misspelt key is read by nobody: `superseeded_by` retires nothing, so every indexer keeps serving the old note, and `stauts: superseded` leaves the note in force.\n\nExample:\n\n    superseeded_by: hr/expenses.md\n\nFix: rename the key (`superseded_by`); `vaultlint check --fix` does it where one key is meant and the note does not have it already, changing nothing but the key. A key in another case (`Date` among notes that write `date`) is renamed to the vault's spelling; a value that would say nothing under the key read (a number for a declaration in a note that is not numbered, `Mar 2023` for a date) gets no fix.";
    UnhonouredDeclaration => "unhonoured-declaration", Error, Declarations,
        "With an `[index]` contract in the config: a note out of force by a successor does not say so in the form the indexer honours.",
        "Only with an `[index]` table in the config, which says what the indexer that reads the vault honours. A note that vaultlint finds out of force by a successor does not say so in that form, so the indexer serves it as current, or points a reader of its history to the wrong place. With the `superseded-by-path` preset (one key, `superseded_by`, a single path from the vault root with its extension):\n\n| how the old note is marked | the indexer |\n| --- | --- |\n| `superseded_by:` a list | serves the stale note: lists are ignored |\n| `superseded-by:` or `supersededBy:` | serves it: one spelling only |\n| `supersedes:` on the newer note only | serves it |\n| a path without `.md`, `./` or `../` relative, a wikilink, a Markdown link | leaves it out, but its pointer to the successor is wrong |\n| `status: superseded` or `revoked` with no successor | serves it |\n\nA misspelt key is `misspelt-key`. Release copies retired by a `[[supersede]]` folder rule are not reported: no indexer reads the config, so give it the eligibility map (`lineage --all`) or its ignore file (`--format ignore`).\n\nA clean check should mean that the indexer leaves every retired note out; a form it does not honour leaves a stale note in the index though vaultlint reads it as retired.\n\nExample (`[index]` with `preset = \"superseded-by-path\"`):\n\n    superseded-by: \"[[expenses-policy]]\"\n\nFix: write the honoured form, `superseded_by: internal/hr/expenses-policy.md`; `vaultlint check --fix` rewrites it where there is one successor (renaming the key, writing the path, adding the declaration to an older note that only a newer one's `supersedes` names).";
    SkippedSymlink => "skipped-symlink", Warning, Files,
        "A symbolic link to a note or folder was not followed, so what it points at is not part of the vault.",
        "A symbolic link to a note or folder, or one that loops or cannot be resolved, was not followed.\n\nLinks are never followed, so a loop or a link out of the vault cannot make a run hang or read elsewhere; what they point at is not checked. A link to a note inside the vault (`CONTRIBUTING.md -> docs/contributing.md`) is no finding: that note is checked where it is.\n\nExample: `shared -> ../other/notes`.\n\nFix: move the notes into the vault, or exclude the link.";
    SuspectedVersion => "suspected-version", Warning, Versions,
        "The note looks like an older version of another note but declares no successor.",
        "The note looks like an older version of another note (named in `related`) but declares no successor. One finding per pair `suggest` would list, on the older note. Where the newer note is itself superseded (a release copy a `[[supersede]]` rule retires), the help names the current note at the end of its chain, as `suggest --yes` writes it.\n\nAn old version beside its replacement scores as high as the current one in any search, and gets served as if it were true.\n\nExample:\n\n    expenses-policy-2025.md   # same title and text as expenses-policy.md\n\nFix: if it is an older version, declare its successor (`vaultlint suggest --apply` does it); if not, `vaultlint suggest --dismiss A B`.";
    MirroredFolders => "mirrored-folders", Warning, Versions,
        "Two folders hold copies of many of the same notes, nearly all with the same text: a folder copied or moved with its first copy left, or a synced copy inside the vault.",
        "Two folders hold ten or more notes under the same relative paths, four in five of them with the same text, and neither folder is named as a release, a year, a live copy or an archive (those are `unmarked-version-roots`). A folder of age both copies lie under below the two folders (`archive/` in `docs/archive/` and `docs/backup-2026…/archive/`) does not set them apart. One finding for the two, on the second folder, instead of a `suspected-version` for each copy; `related` names the folders. A copy a folder keeps of itself inside it (`docs/backup-before-fixes-20260128/` in `docs/`) pairs none of its notes with any other note, under its own name or a sibling's.\n\nA folder moved with its first copy left behind, or a site's content folder synced from the vault, puts every note in search twice: the copy that is no longer kept up is served beside the one that is.\n\nExample: `Git/branching.md` and `Web/Git/branching.md`, and two dozen more, after `Git/` was moved under `Web/` and restored by a sync.\n\nFix: delete the copy that is left behind, or, for a generated or synced copy, leave it out of the vault with `exclude` in vaultlint.toml.";
    StaleDismissal => "stale-dismissal", Warning, Versions,
        "A dismissed pair in the dismissal file names a note that no longer exists.",
        "A pair in `.vaultlint-dismissed` names a note that no longer exists.\n\nAn entry for a note that was renamed or deleted no longer dismisses anything, and may hide the pair under its new name.\n\nExample: `old/a.md<TAB>b.md` after `old/a.md` was moved.\n\nFix: remove the line, or point it at the notes' new paths.";
    InvalidDismissal => "invalid-dismissal", Warning, Versions,
        "A line of the dismissal file is not a pair of paths, or the file cannot be read.",
        "A line of `.vaultlint-dismissed` is not two paths separated by a tab, or the file cannot be read.\n\nA line that is not two paths separated by a tab dismisses nothing.\n\nExample: `a.md b.md` (a space, not a tab).\n\nFix: separate the paths with a tab, or record the pair with `vaultlint suggest --dismiss A B`.";
    InvalidDate => "invalid-date", Error, Lifecycle,
        "A date key (`date`, `created`, `updated`, `modified`, `lastmod` (Hugo's), `last_modified_at` (Jekyll's), `creation_date`, `slurped` and `clipped` (web clippers'), `effective_from`, `effective_to`, `review_due`; also under the names plugins give them: `date created`, `date modified` (Obsidian's Linter), `created_at`, `updated_at`, `last updated` and the like) holds something that is not a date or a date and time.",
        "A date key (`date`, `created`, `updated`, `modified`, `lastmod` (Hugo's), `last_modified_at` (Jekyll's), `creation_date`, `slurped` and `clipped` (web clippers'), `effective_from`, `effective_to`, `review_due`; also under the names plugins give them: `date created`, `date modified` (Obsidian's Linter), `created_at`, `updated_at`, `last updated` and the like) holds something that is not a date (`2026-01-15`, `2026/01/15`, checked against the calendar) or a date and time (`2026-01-15T10:30:00Z`, `2026-01-15 10:30`, `2026-01-15T10:30:00.000+0200`, `2026-01-15 8:30:00`), as Obsidian's date properties and YAML writers produce them; a link to the day's daily note (`\"[[2026-01-15]]\"`, `\"[[2026-01-15|Thursday]]\"`), as Obsidian vaults date notes, is that day (written without quotes, YAML reads it as a list inside a list: the safe fix quotes it); a date followed by its weekday (`2026-01-15 Thursday`), as templates write it, is read too, unless the day falls on another weekday, and so is a Unix time in milliseconds or seconds (`1693679151405`, as Dendron writes `created` and `updated`), and a day with its month's English name (`October 10, 2015`, `10 Feb 2023`, as R Markdown and hand-written site headers have it), unless the vault writes that key in digits (at least three values, more than in words): there a date in words is a slip its tools will not read, a warning whose safe fix writes the day in digits. A vault's own numeric dates (`15-01-2026`, `01/15/2026`) are no findings under a key where at least three values use them and their order is plain (a first number past 12 five times as often as a second one, or the other way round), or, where a key's own values do not say, under the order of the vault's other date keys, except the lifecycle's keys; one that order makes no day still is, and one written in the other order is named so. Nothing reads them to order versions. Also read: a date left in a template's angle brackets (`<03/14/2024>`), a day written year first with one-digit parts (`2024/3/9`), the list of days a note was updated on (`2024-02-01, 2024-05-20`), and a YAML list of dates (`updated: [2025-03-25, 2026-04-16]`, as a process that logs each revision keeps), whose latest dates the note; a mapping under a date key that is no lifecycle key (MkDocs Material's blog writes `date:` with `created:` and `updated:` under it) is the site generator's own and not reported; the Linter's default `Tuesday, November 4th 2025, 4:12:09 pm` is a day in words. An empty value is left alone, and so is a template's placeholder (`<mm/dd/yyyy>`). A key most of whose values (at least three) are text for people (`March 9-11, 2020`, an event's days) is the vault's caption, not a date: none of its values is a finding. An error on the keys the lifecycle reads (`effective_from`, `effective_to`, `review_due`); a warning on `date`, `created`, `updated`, `modified`, `lastmod`, `last_modified_at`, `creation_date`, `slurped` and `clipped`, which many other tools write.\n\nDates decide which note is in force and which version is older; one that cannot be read decides nothing.\n\nExample:\n\n    effective_from: next Monday\n\nFix: write a date as `2026-01-15`, or a date and time as `2026-01-15T10:30:00Z`.";
    EffectiveInterval => "effective-interval", Error, Lifecycle,
        "`effective_to` is before `effective_from`.",
        "`effective_to` is before `effective_from`.\n\nA note that ends before it starts is never in force.\n\nExample:\n\n    effective_from: 2026-03-01\n    effective_to: 2026-01-31\n\nFix: swap the two dates, or correct the one that is wrong.";
    ScheduledSuccessor => "scheduled-successor", Warning, Lifecycle,
        "The successor's `effective_from` is after the as-of date, so this note is still the one in force.",
        "The successor's `effective_from` is after the as-of date, so the older note is still the one in force; the finding says until when.\n\nA successor that takes effect later leaves the older note in force until then; the warning makes sure that is intended.\n\nExample:\n\n    travel-2025.md: superseded_by: travel.md\n    travel.md:      effective_from: 2027-01-01\n\nFix: nothing, if the date is right; check again with `--as-of`.";
    ReviewOverdue => "review-overdue", Warning, Lifecycle,
        "`review_due` is before the as-of date.",
        "`review_due` is before the as-of date.\n\nA note past its review date may no longer be true, though nothing retires it.\n\nExample:\n\n    review_due: 2025-06-30\n\nFix: review the note, then move `review_due` to the next date.";
    LinksToSuperseded => "links-to-superseded", Warning, Links,
        "A note in use links in its body to a superseded or revoked note; the help names the current one.",
        "A note that is not itself retired links in its body (a wikilink, with or without heading or label, an embed, an inline Markdown link, or a reference definition `[label]: path.md`) to a note that is superseded, revoked, deleted or expired on the as-of date. A note superseded by its status alone (`deprecated`, or `superseded by` in words) with nothing in force in its place is a record that others cite and list as history: links to it are not reported. Nor is a link to a release named by its version (`[[Migrate v1.0]]` where `Migrate v1.2` is in force) in a history the vault keeps both ways (the release that replaced it names it back in `supersedes`): the name says which release is meant. Nor is a record's link to another record, both in folders of numbered records (`rfcs/0012-….md`, `adr/0007-….md`): a proposal or decision cites another as it stood. Bodies are read as a CommonMark renderer reads them: nothing in code of any kind (fenced, indented, inline, in a quote), HTML comments, math (`$...$`, `$$...$$`), Obsidian's `%% comments %%` or MDX's JSX blocks is a link. The help names the note in force at the end of the chain; `check --fix` rewrites the link, or the definition, to it.\n\nA link to a retired note sends readers, and retrievers that follow links, to the old text.\n\nExample (in a current note):\n\n    Claim costs as [[expenses-2024]] says.\n\nFix: link to the current version; `vaultlint check --fix` rewrites the link, keeping its heading and label. A link to a heading or block of the old note (`[[expenses-2024#Meals]]`) is rewritten only with `--unsafe-fixes`: the new note may have no such part, and the link, or the text it embeds, would come up empty.";
    UnmarkedVersionRoots => "unmarked-version-roots", Warning, Versions,
        "Release folders hold older copies of the live pages, and no `[[supersede]]` folder rule retires them.",
        "Sibling folders named as versions (`1.0`, `v2`, `versioned_docs/version-3.13`) or as the live copy (`docs`, `next`, `_dev`) hold the same pages, and no `[[supersede]]` table in the config retires the older copies. One finding per set of folders, on the config file, with the table to add; `suggest` shows it too, and `suggest --apply` writes it.\n\nFrozen release copies score as high as the live page in any search, so an agent quotes a release that is years old as if it were current.\n\nExample: `docs/1.0/setup.md`, `docs/2.0/setup.md` and `docs/next/setup.md`, with no rule.\n\nFix: add the table the help shows to `vaultlint.toml`:\n\n    [[supersede]]\n    older = \"docs/[0-9]*\"\n    newer = \"docs/next\"";
    FolderRule => "folder-rule", Warning, Declarations,
        "A `[[supersede]]` folder rule of the config matches no folder, names a newer folder with no notes, or leaves unordered copies with no counterpart in force.",
        "A `[[supersede]]` table in the config matches no folder, names a newer folder that holds no note, or covers copies of a page that have no note at the same relative path under the newer folder and that no release order ranks, none declaring a successor (those stay in force; `--statistics` counts them). The newest copy of a page the live folder lacks stays in force by design and is not reported.\n\nA folder rule that retires nothing, or retires less than meant, leaves old copies in search as if they were current.\n\nExample:\n\n    [[supersede]]\n    older = \"versioned_docs/version-*\"\n    newer = \"doc\"          # the folder is docs\n\nFix: correct the glob or the folder; for copies no release order ranks, name the folders as releases or declare each copy's successor in its frontmatter.";
    LinksToCorrected => "links-to-corrected", Warning, Links,
        "A note links to a note that is corrected, without its corrections; off by default.",
        "A note that is not itself retired links in its body to a note that is in force but corrected, and not to its corrections. Off by default: enable it with `extend-select = [\"links-to-corrected\"]`.\n\nA corrected note may not support a claim on its own: a reader who follows the link sees the decision without the correction that changes it.\n\nExample (`decisions/d1.md` has `corrected_by: decisions/d2.md`):\n\n    As [[d1]] decided, budgets close in March.\n\nFix: link to the correction too, or to it instead.";
    ScopeMismatch => "scope-mismatch", Warning, Declarations,
        "A supersession or correction joins two notes whose scopes do not overlap, so it retires nothing.",
        "A `superseded_by`, `supersedes`, `corrected_by` or `corrects` declaration joins two notes whose scopes do not overlap: they set one of the `scope-keys` (`region`, `lang`, `product_version`, ...) to values with none in common. A note applies to every value of a key it does not set.\n\nA successor retires an older note only where the successor applies, so a policy for one region cannot retire another region's. The declaration is left without effect, and the older note stays in force.\n\nExample:\n\n    warranty-emea.md: region: emea, superseded_by: warranty-apac.md\n    warranty-apac.md: region: apac\n\nFix: name the note for the same scope, or correct the scope values.";
    AuthorityInversion => "authority-inversion", Warning, Declarations,
        "A note supersedes one of higher authority (the `authorities` config list).",
        "A note supersedes (or corrects) one whose `authority` ranks higher in the config's `authorities` list, for example a guideline that supersedes a policy. Notes without an `authority`, or with one not in the list, are not judged.\n\nA vendor release note does not retire a statute: a declaration that lets a weaker source replace a stronger one is most likely wrong, so it has no effect and the older note stays in force.\n\nExample (`authorities = [\"statute\", \"policy\", \"guideline\"]`):\n\n    travel-act.md:   authority: statute, superseded_by: travel-tips.md\n    travel-tips.md:  authority: guideline\n\nFix: remove the declaration, or declare the right successor.";
    UnusedSuppression => "unused-suppression", Warning, Suppressions,
        "A suppression comment or key silences nothing, names no rule, or is of no known form.",
        "A suppression comment or `vaultlint-ignore` key silences no finding of a rule in use, or names no rule (the help names the closest); or a `vaultlint-` comment is of no known form (`vaultlint-disabel-next-line`), and so silences nothing (the help names the form meant). Suppressions of rules that are off, or of `suspected-version` under `--no-suggest`, are not reported.\n\nA suppression left behind after its finding was fixed hides the next finding of that rule at that place, and dead ones pile up unread. Suppressions of rules that are turned off are not reported.\n\nExample (the link below it is to a current note):\n\n    <!-- vaultlint-disable-next-line links-to-superseded -->\n    See [[expenses]].\n\nFix: remove the comment, or the code from its list.";
    BlanketSuppression => "blanket-suppression", Warning, Suppressions,
        "A suppression names no rule, so it silences every finding in its reach; reported with `--strict` only.",
        "A suppression that names no rule, such as `<!-- vaultlint-disable-file -->`; reported only with `--strict`.\n\nA suppression without codes hides findings nobody has seen yet, of rules added later too.\n\nExample:\n\n    <!-- vaultlint-disable-file -->\n\nFix: name the rules it is meant for: `<!-- vaultlint-disable-file suspected-version -->`.";
}

/// How a rule's fix may be applied, as `check --fix` grades it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixSafety {
    /// Every fix keeps what the note says: `--fix` makes it.
    Safe,
    /// Safe in most notes, unsafe in some (the doc says which).
    Sometimes,
    /// It may change what the note says: `--fix --unsafe-fixes` makes it.
    Unsafe,
    /// A judgement: offered in the editor, never made by `--fix`.
    DisplayOnly,
}

impl FixSafety {
    pub fn as_str(self) -> &'static str {
        match self {
            FixSafety::Safe => "safe",
            FixSafety::Sometimes => "safe, or unsafe",
            FixSafety::Unsafe => "unsafe",
            FixSafety::DisplayOnly => "display only",
        }
    }
}

impl Code {
    /// Whether the rule's findings carry a fix, how safe it is, and why.
    pub fn fix_safety(self) -> Option<(FixSafety, &'static str)> {
        Some(match self {
            Code::InvalidSuccessor => (
                FixSafety::Safe,
                "Quoting an unquoted wikilink keeps the note it names: YAML then reads the name the author wrote.",
            ),
            Code::SuccessorByAlias => (
                FixSafety::Safe,
                "The file name names the same note the alias did, in the form Obsidian resolves.",
            ),
            Code::SupersededSuccessor => (
                FixSafety::Unsafe,
                "The declaration may have meant the intermediate version (a chain kept on purpose); pointing it at the end of the chain changes what the note says.",
            ),
            Code::MisspeltKey => (
                FixSafety::Safe,
                "Only the key is renamed, to the one the note meant; its value is kept byte for byte.",
            ),
            Code::UnhonouredDeclaration => (
                FixSafety::Safe,
                "The successor stays the note the vault already names; only the form changes to the one the indexer reads.",
            ),
            Code::InvalidDate => (
                FixSafety::Safe,
                "Quoting a link to a daily note, or writing a day in digits, keeps the day.",
            ),
            Code::LinksToSuperseded => (
                FixSafety::Sometimes,
                "Pointing a link at the note in force keeps its heading, label and style. In a note that records its day (an entry of a daily, weekly or monthly series, a note named by its day, or a copy in a release folder a newer one replaced) the link is what was linked then: rewriting it rewrites the record, so there the fix is unsafe.",
            ),
            Code::SuspectedVersion => (
                FixSafety::DisplayOnly,
                "Marking a note superseded is a judgement: the language server offers it, `suggest --apply` makes it after a person looks, and `check --fix` never does.",
            ),
            _ => return None,
        })
    }
}

/// Rules that are not in use unless selected.
const OFF_BY_DEFAULT: &[Code] = &[Code::LinksToCorrected];

impl Code {
    /// Whether the rule is in use when no configuration selects rules.
    pub fn on_by_default(self) -> bool {
        !OFF_BY_DEFAULT.contains(&self)
    }

    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|code| code.name() == name)
    }

    /// The first paragraph of the explanation: what the rule catches, in
    /// detail, as the README's rules table says it.
    pub fn details(self) -> &'static str {
        self.explanation().split("\n\n").next().unwrap_or_default()
    }

    /// The bit that stands for the code in a [`RuleLevels`] set.
    fn bit(self) -> u64 {
        1 << (self as u32)
    }
}

/// What `--select`, `--ignore` and their config keys name: one rule, a
/// family of rules, or `all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    All,
    Family(Family),
    Code(Code),
}

impl Selector {
    pub fn parse(name: &str) -> Option<Selector> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("all") {
            return Some(Selector::All);
        }
        let family = Family::ALL.iter().find(|f| f.name() == name);
        family.map(|&f| Selector::Family(f)).or_else(|| Code::from_name(name).map(Selector::Code))
    }

    /// Why `name` selects nothing, with the closest code or family.
    pub fn unknown(name: &str) -> String {
        let names = Code::ALL.iter().map(|c| c.name()).chain(Family::ALL.iter().map(|f| f.name()));
        match crate::text::closest(name, names, 0.7) {
            Some(near) => format!("no rule or family is called `{name}`; did you mean `{near}`?"),
            None => format!("no rule or family is called `{name}`; `vaultlint rule --all` lists them"),
        }
    }

    pub fn matches(self, code: Code) -> bool {
        self.bits() & code.bit() != 0
    }

    fn bits(self) -> u64 {
        match self {
            Selector::All => Code::ALL.iter().fold(0, |bits, c| bits | c.bit()),
            Selector::Family(family) => {
                Code::ALL.iter().filter(|c| c.family() == family).fold(0, |bits, c| bits | c.bit())
            }
            Selector::Code(code) => code.bit(),
        }
    }
}

/// One layer of rule selection, as ruff reads it: `select` replaces the
/// rules in use, `extend-select` adds to them, `ignore` takes away.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    pub select: Option<Vec<Selector>>,
    pub extend_select: Vec<Selector>,
    pub ignore: Vec<Selector>,
}

/// Which rules are in use, and the severity set for each: every rule at
/// its default, then each layer of configuration over the last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleLevels {
    enabled: u64,
    set: Vec<Option<Level>>,
}

impl Default for RuleLevels {
    fn default() -> Self {
        let off = OFF_BY_DEFAULT.iter().fold(0, |bits, c| bits | c.bit());
        RuleLevels { enabled: Selector::All.bits() & !off, set: vec![None; Code::ALL.len()] }
    }
}

impl RuleLevels {
    pub fn select(&mut self, selection: &Selection) {
        let bits = |list: &[Selector]| list.iter().fold(0, |bits, s| bits | s.bits());
        if let Some(select) = &selection.select {
            self.enabled = bits(select);
        }
        self.enabled |= bits(&selection.extend_select);
        self.enabled &= !bits(&selection.ignore);
    }

    /// Sets the rule's severity; a severity given to a rule that is off by
    /// default turns it on.
    pub fn set(&mut self, code: Code, level: Level) {
        if level != Level::Off && !code.on_by_default() {
            self.enabled |= code.bit();
        }
        self.set[code as usize] = Some(level);
    }

    /// The rule's level: off when it is not selected, else the severity
    /// configured; `None` leaves each finding the severity its rule gave
    /// it (mostly the default; `invalid-date` gives two).
    pub fn level(&self, code: Code) -> Option<Level> {
        if self.enabled & code.bit() == 0 {
            return Some(Level::Off);
        }
        self.set[code as usize]
    }

    pub fn is_on(&self, code: Code) -> bool {
        self.level(code) != Some(Level::Off)
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A rule's code, as JSON output writes it: one of the registry's names.
impl schemars::JsonSchema for Code {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Code".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = Code::ALL.iter().map(|c| c.name()).collect();
        schemars::json_schema!({ "type": "string", "enum": names })
    }
}

impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.name() == name)
            .ok_or_else(|| serde::de::Error::custom(format!("no rule `{name}`")))
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_explained_with_an_example_and_a_fix() {
        for code in Code::ALL {
            assert_eq!(Code::from_name(code.name()), Some(*code));
            let text = code.explanation();
            assert!(text.contains("Example") && text.contains("Fix:"), "{code}");
            assert!(code.summary().ends_with('.'), "{code}");
        }
    }
}
