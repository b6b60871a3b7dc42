//! The evidence for a suggested pair as data. The pass decides on the
//! data; [`Evidence`]'s `Display` is the one place it is put in words,
//! so that the words can change without changing a decision.

use super::direction::day;
use std::fmt;

/// One thing the pass found about a pair of notes: that they are one
/// document, or which of the two is older. The variants name what was
/// found; their fields hold what a person is shown of it.
#[derive(Debug, Clone, PartialEq)]
pub enum Evidence {
    /// Not versions, whatever else says so: the two notes say they apply
    /// to places that do not overlap. Each side as the scope describes itself.
    ScopesApart { a: String, b: String },
    /// Not versions: one name qualified two ways in brackets, neither a
    /// version marker (`Tankard (DMG)` and `Tankard (XGE)`, `Setup
    /// (Windows)` and `Setup (macOS)`): two variants of one thing.
    VariantsApart { a: String, b: String },
    /// The same page under two version roots, named as the roots are.
    SamePathUnderVersions { older: String, newer: String },
    /// The two titles are the same.
    SameTitle,
    /// The two titles are alike, not the same.
    SimilarTitles,
    /// Both notes have a title, they differ, and half the text or more is
    /// shared.
    Retitled,
    /// The same file name, case aside.
    SameFileName,
    /// The same name once version markers are taken out.
    SameNameApartFromMarkers,
    /// The names differ only in case and punctuation (a curly apostrophe
    /// for a straight one), with no version marker in either.
    SameNameApartFromSpelling,
    /// Both notes hold this alias, which no third note holds, under one
    /// title; as one of them writes it.
    SameAlias { alias: String },
    /// One note is a dated copy of the other in an archive folder, under
    /// the other's name with words added.
    ArchivedUnderItsName,
    /// Alike names, markers out.
    SimilarNames,
    /// How many tags the two share, of how many they have between them.
    Tags { shared: usize, union: usize },
    /// How many headings the two share, of how many they have between
    /// them; only given when they share one.
    Headings { shared: usize, union: usize },
    /// The share of their distinctive text the two have in common, 0 to 1.
    SharedText { share: f64 },
    /// Paired by name alone: the two have no text in common.
    RewrittenWithNoSharedText,
    /// A version marker in one name that the other does not carry
    /// (`-2024`, ` old`).
    NameMarker { text: String },
    /// A folder that marks its notes as old versions (`archive`, `2024`),
    /// on one side only.
    FolderMarker { folder: String },
    /// Two release folders in order.
    ReleaseOrder { older: String, newer: String },
    /// Two sibling folders named as versions, in order, that hold too few
    /// of the same pages to be a set of release folders.
    VersionFolders { older: String, newer: String },
    /// A copy frozen in a release folder beside the live page.
    FrozenInRelease { release: String },
    /// ` 1` (or, for a copy still identical, ` 2` to ` 9`) ends one name:
    /// the copy Obsidian or a sync service makes when a name is taken,
    /// `edited` since or still identical.
    ClashCopy { number: u8, edited: bool },
    /// The older note's opening says, in words, that it is retired
    /// (`These are legacy guides`, `This note has been merged into …`).
    SaysItIsRetired,
    /// The newer note lists the older's file name among its `aliases`:
    /// the name it was renamed from, kept so links and search still find
    /// it, as written.
    KeepsOldName { alias: String },
    /// Frontmatter dates in order: each with the key it is under and as
    /// it is written.
    Dates { older_key: &'static str, older: String, newer_key: &'static str, newer: String },
    /// Dates or version numbers in the two names, in order, as written.
    MarkersInOrder { older: String, newer: String },
    /// A date in one name beside a name with none: the dated copy is the
    /// older.
    DateInOlderName { marker: String },
    /// A word (`old`, `copy`) in one name only, marking the older.
    OlderWord { word: String },
    /// A word (`new`, `final`) in one name only, marking the newer.
    NewerWord { word: String },
    /// The older note's exact text was once the other path's, in git.
    EarlierStateInHistory,
    /// Given beside [`Evidence::EarlierStateInHistory`] when the words in
    /// the names say the other way: the history wins.
    HistoryOverrulesWords,
    /// The names agree on an order that the git history reverses.
    HistoryDisagrees,
    /// Given after edit times: git added the note they make the newer a
    /// day or more before the other.
    AddedTheOtherWay,
    /// Another note is as likely the older's successor, and nothing
    /// orders the two candidates: the path of that other note.
    SuccessorUnclear { other: String },
    /// The note a word in the names marks as older was changed in git a
    /// day or more after the other was first committed: the two are kept
    /// side by side (a page for each release line), as far as the history
    /// shows.
    OlderChangedSince,
    /// The same two pages in another language are ordered without
    /// confidence: one pair in several languages is one decision.
    UncertainInAnotherLanguage,
    /// Both notes were changed in place by the same commits, this many,
    /// each among a few paths: both are kept up.
    ChangedTogether { commits: usize },
    /// The same two pages in another language are kept up together.
    ChangedTogetherInAnotherLanguage,
    /// The edit times that order the two fall on one day: saved in one
    /// sitting (two variants of a page), not one replacing the other.
    EditedOnOneDay,
    /// The newer note's date is one that many of the vault's notes carry
    /// under that key: the day an import or a sync wrote them, which says
    /// when the copy arrived, not that it replaced the other.
    StampedOnMany { key: &'static str, notes: usize },
    /// Each note's date is the one that all the dated notes of its folder
    /// carry, `notes` or more in each: the day of an issue or a batch, not
    /// of the note's text.
    DatedWithTheirFolders { notes: usize },
    /// The two are one page of two sibling year folders, each year's own.
    RecordsOfTheirYears { older: u16, newer: u16 },
    /// Given after frontmatter dates: the dates in the two names put them
    /// the other way (a date key that holds the source's date in one note
    /// and the note's own in the other).
    NameDatesDisagree { older: String, newer: String },
    /// Both notes were added within a day of each other, named for two
    /// subjects of one kind: two pages made from one skeleton together.
    MadeTogether,
    /// The newer note is in a folder of drafts (quoted) that the older is
    /// not in: a draft left beside the published note does not replace it.
    NewerIsADraft { folder: String },
    /// Given after a release order and the notes' own dates or markers
    /// that point the other way: the release order is kept, uncertain.
    DisagreesWithRelease,
    /// Given after a release order: the newer page has another name and
    /// less of the text than a renamed page keeps, so it may have taken a
    /// part of the older only (a page split in two). Why the order is
    /// uncertain.
    RenamedWithPartOfTheText,
    /// The markers in the names point both ways.
    NamesDisagree,
    /// Given after edit times that make the newer a note filed as the
    /// older (`99_Archive/`, `old`): the two disagree.
    FiledAsOlder { word: String },
    /// When each path was first committed, seconds since the epoch.
    FirstCommitted { older: i64, newer: i64 },
    /// Only the files' modification times tell the two apart.
    ModificationTimesDiffer,
    /// No evidence orders the two.
    NothingOrders,
}

impl Evidence {
    /// Whether this is the order of a set of release folders: copies of
    /// one page under two roots, a page renamed between releases or
    /// frozen in one.
    pub fn from_release_set(&self) -> bool {
        matches!(
            self,
            Evidence::SamePathUnderVersions { .. }
                | Evidence::ReleaseOrder { .. }
                | Evidence::FrozenInRelease { .. }
        )
    }

    /// Whether this evidence says by name that the two are one document:
    /// one title, file name, alias or path under two releases, names alike
    /// once markers are out, or a dated copy archived under its name.
    pub fn names_one_document(&self) -> bool {
        matches!(
            self,
            Evidence::SamePathUnderVersions { .. }
                | Evidence::SameTitle
                | Evidence::SimilarTitles
                | Evidence::SameFileName
                | Evidence::SameNameApartFromMarkers
                | Evidence::SameNameApartFromSpelling
                | Evidence::SameAlias { .. }
                | Evidence::ArchivedUnderItsName
                | Evidence::SimilarNames
        )
    }

    /// Whether this is an order that folders named as releases give, in a
    /// set or as two siblings: no history, date or name reverses it.
    pub fn from_release_folders(&self) -> bool {
        self.from_release_set() || matches!(self, Evidence::VersionFolders { .. })
    }

    /// Whether this says the two notes are kept up together, here or in
    /// another language: neither is stale.
    pub fn kept_together(&self) -> bool {
        matches!(
            self,
            Evidence::ChangedTogether { .. }
                | Evidence::ChangedTogetherInAnotherLanguage
                | Evidence::MadeTogether
        )
    }

    /// Whether this order evidence is no more than times (first commits,
    /// modification times) or nothing at all: weaker than any name.
    pub fn only_times(&self) -> bool {
        matches!(
            self,
            Evidence::FirstCommitted { .. } | Evidence::ModificationTimesDiffer | Evidence::NothingOrders
        )
    }

    /// Whether this evidence quotes the marker `text` from a name, which
    /// then need not be listed on its own: as a marker it orders by, or
    /// as part of a date it gives (`2019-03-18` in a post's name and in
    /// its `date`), the space that set the marker apart in the name aside
    /// (` 2024` in `Budget 2024` beside `updated 2024-03-01`).
    pub fn quotes_marker(&self, text: &str) -> bool {
        let in_date = |date: &str| date.contains(text.strip_prefix(' ').unwrap_or(text));
        match self {
            Evidence::MarkersInOrder { older, newer } => older.contains(text) || newer.contains(text),
            Evidence::DateInOlderName { marker } => marker.contains(text),
            Evidence::OlderWord { word } | Evidence::NewerWord { word } => word.contains(text),
            Evidence::Dates { older, newer, .. } => in_date(older) || in_date(newer),
            Evidence::FirstCommitted { older, newer } => in_date(&day(*older)) || in_date(&day(*newer)),
            _ => false,
        }
    }
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::ScopesApart { a, b } => {
                write!(f, "not versions: their scopes do not overlap ({a} and {b})")
            }
            Evidence::VariantsApart { a, b } => {
                write!(f, "not versions: two variants of one name ({a} and {b})")
            }
            Evidence::SamePathUnderVersions { older, newer } => {
                write!(f, "same path under versions {older} and {newer}")
            }
            Evidence::SameTitle => f.write_str("same title"),
            Evidence::SimilarTitles => f.write_str("similar titles"),
            Evidence::Retitled => f.write_str("retitled"),
            Evidence::SameFileName => f.write_str("same file name"),
            Evidence::SameNameApartFromMarkers => f.write_str("same name apart from version markers"),
            Evidence::SameNameApartFromSpelling => f.write_str("same name apart from case and punctuation"),
            Evidence::ArchivedUnderItsName => f.write_str("a dated copy archived under its name"),
            Evidence::SimilarNames => f.write_str("similar names"),
            Evidence::SameAlias { alias } => write!(f, "both have the alias \"{alias}\""),
            Evidence::Tags { shared, union } => write!(f, "tags {shared}/{union}"),
            Evidence::Headings { shared, union } => write!(f, "headings {shared}/{union}"),
            Evidence::SharedText { share } => write!(f, "{:.0}% shared text", share * 100.0),
            Evidence::RewrittenWithNoSharedText => f.write_str("rewritten: no text in common"),
            Evidence::NameMarker { text } => write!(f, "\"{text}\" in the name"),
            Evidence::FolderMarker { folder } => write!(f, "in {folder}/"),
            Evidence::ReleaseOrder { older, newer } => write!(f, "release {older} before {newer}"),
            Evidence::VersionFolders { older, newer } => write!(f, "in {older}/ before {newer}/"),
            Evidence::FrozenInRelease { release } => write!(f, "the copy in release {release} is frozen"),
            Evidence::ClashCopy { number, edited: true } => {
                write!(f, "\" {number}\": the copy made when the name was taken, edited since")
            }
            Evidence::ClashCopy { number, edited: false } => {
                write!(f, "\" {number}\": an identical copy made when the name was taken")
            }
            Evidence::KeepsOldName { alias } => {
                write!(f, "the newer keeps the older's name \"{alias}\" as an alias")
            }
            Evidence::Dates { older_key, older, newer_key, newer } if older_key == newer_key => {
                write!(f, "{older_key} {older} < {newer}")
            }
            Evidence::Dates { older_key, older, newer_key, newer } => {
                write!(f, "{older_key} {older} < {newer_key} {newer}")
            }
            Evidence::MarkersInOrder { older, newer } => write!(f, "\"{older}\" before \"{newer}\""),
            Evidence::DateInOlderName { marker } => write!(f, "\"{marker}\" in the older name"),
            Evidence::OlderWord { word } => write!(f, "\"{word}\" marks the older"),
            Evidence::NewerWord { word } => write!(f, "\"{word}\" marks the newer"),
            Evidence::SaysItIsRetired => f.write_str("the older says at its top that it is retired"),
            Evidence::EarlierStateInHistory => {
                f.write_str("its text is an earlier state of the other's, in the git history")
            }
            Evidence::HistoryOverrulesWords => f.write_str("whatever the words in the names say"),
            Evidence::HistoryDisagrees => f.write_str("but the git history has them the other way"),
            Evidence::OlderChangedSince => f.write_str("but the older was changed after the newer was made"),
            Evidence::AddedTheOtherWay => f.write_str("but git added the newer first"),
            Evidence::SuccessorUnclear { other } => write!(f, "but {other} could as well be its successor"),
            Evidence::UncertainInAnotherLanguage => {
                f.write_str("uncertain as the same pair in another language")
            }
            Evidence::ChangedTogether { commits } => {
                write!(f, "but both are still changed together, in {commits} commits")
            }
            Evidence::ChangedTogetherInAnotherLanguage => {
                f.write_str("but the same pair in another language is still changed together")
            }
            Evidence::EditedOnOneDay => f.write_str("but both were edited on one day"),
            Evidence::NameDatesDisagree { older, newer } => {
                write!(f, "but the names' dates put them the other way (\"{older}\" before \"{newer}\")")
            }
            Evidence::StampedOnMany { key, notes } => {
                write!(
                    f,
                    "but {notes} notes carry the newer one's `{key}`: a day notes were imported, not written"
                )
            }
            Evidence::DatedWithTheirFolders { notes } => write!(
                f,
                "but each note's date is its folder's, carried by all its dated notes ({notes} or more): the day of an issue or a batch, not of the text"
            ),
            Evidence::RecordsOfTheirYears { older, newer } => write!(
                f,
                "but each is the page of its year's folder ({older}, {newer}): the newer year's need not replace the older's"
            ),
            Evidence::MadeTogether => f.write_str("but both were added within a day, named for two subjects"),
            Evidence::NewerIsADraft { folder } => write!(
                f,
                "but the newer is in a folder of drafts ({folder}): a draft left beside the published note does not replace it"
            ),
            Evidence::DisagreesWithRelease => f.write_str("which the release order overrules"),
            Evidence::RenamedWithPartOfTheText => {
                f.write_str("but the newer has another name and part of the text only: it may be one piece of a page split up")
            }
            Evidence::NamesDisagree => f.write_str("the names disagree"),
            Evidence::FiledAsOlder { word } => write!(f, "but \"{word}\" files the newer as the older"),
            Evidence::FirstCommitted { older, newer } if day(*older) == day(*newer) => {
                // One day: the times tell them apart, in UTC.
                let time =
                    |s: i64| format!("{:02}:{:02}", s.rem_euclid(86_400) / 3_600, s.rem_euclid(3_600) / 60);
                write!(f, "first committed {} {} < {} UTC", day(*older), time(*older), time(*newer))
            }
            Evidence::FirstCommitted { older, newer } => {
                write!(f, "first committed {} < {}", day(*older), day(*newer))
            }
            Evidence::ModificationTimesDiffer => f.write_str("only the file modification times differ"),
            Evidence::NothingOrders => f.write_str("nothing tells which is older"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A date in a name is quoted by a date that holds it, the space that
    /// set it apart in the name aside; a dash or a word is not.
    #[test]
    fn dates_quote_the_dates_in_names() {
        let older = "2019-03-18 18:17:31 +0100".to_string();
        let dates =
            Evidence::Dates { older_key: "date", older, newer_key: "date", newer: "2019-08-04".into() };
        assert!(dates.quotes_marker("2019-03-18") && dates.quotes_marker(" 2019"));
        assert!(!dates.quotes_marker("-2019") && !dates.quotes_marker(" old"));
        let committed = Evidence::FirstCommitted { older: 1_709_251_200, newer: 1_740_787_200 };
        assert_eq!(committed.to_string(), "first committed 2024-03-01 < 2025-03-01");
        assert!(committed.quotes_marker("2025-03") && !committed.quotes_marker("2026"));
        let one_day = Evidence::FirstCommitted { older: 1_645_180_000, newer: 1_645_182_040 };
        assert_eq!(one_day.to_string(), "first committed 2022-02-18 10:26 < 11:00 UTC");
        assert!(!Evidence::NothingOrders.quotes_marker("old"));
    }

    #[test]
    fn dates_under_one_key_name_it_once() {
        let (older, newer) = ("2024-02-01".to_string(), "2026-01-15".to_string());
        let one = Evidence::Dates { older_key: "updated", older, newer_key: "updated", newer };
        assert_eq!(one.to_string(), "updated 2024-02-01 < 2026-01-15");
        let (older, newer) = ("2024-02-01".to_string(), "2026-01-15".to_string());
        let two = Evidence::Dates { older_key: "created", older, newer_key: "updated", newer };
        assert_eq!(two.to_string(), "created 2024-02-01 < updated 2026-01-15");
    }
}
