//! Lines and columns: the one place byte offsets become the line and
//! column a person or an editor reads, and an editor's position becomes a
//! byte offset again.
//!
//! Everything else speaks byte offsets ([`crate::diagnostic::Span`]): they
//! are what parsers give, what edits splice and what is cheap to keep. A
//! line and column depend on the whole text before them and on how lines
//! are counted, so they are made here only, from a [`LineIndex`] built
//! once per text, and nowhere else.

use std::borrow::Cow;
use std::cell::Cell;
use std::ops::Range;

/// The byte-order mark some editors write at the start of a file.
const BOM: char = '\u{feff}';

/// How far apart, in bytes, the marks on a long line are (at most a
/// character more): no column is counted over more than this.
const STEP: usize = 256;

/// The lines of one text, to turn byte offsets into lines and columns and
/// back: the command line's 1-based line and column in characters
/// ([`LineColumn`]), and the language server's 0-based line and column in
/// UTF-16 code units ([`Utf16Position`]).
///
/// **Line breaks.** `\n`, `\r\n` and a lone `\r` each end a line. That is
/// how the Language Server Protocol counts lines, and YAML too (the
/// frontmatter's parser reports its errors on those lines), and how
/// editors show a file with an old Mac line end: counting any other way
/// would put a finding on one line in the terminal and on another in the
/// editor. A column inside a line break counts the characters before it
/// on its line.
///
/// **Byte-order mark.** A mark at the start of the text is not a character
/// of the first line: editors hide it (and most language clients drop it
/// before sending the text), so the first character a person sees is in
/// column 1. An offset inside the mark reads as the first line's start.
///
/// **Offsets** that are past the end read as the end; one inside a
/// character reads as that character's start (a span made on a text that
/// has changed since can fall there).
///
/// **Cost.** Building the index is one pass over the text. A line longer
/// than a step (256 bytes) gets a mark every step, its characters and
/// UTF-16 units counted once as the index is built; a column is then
/// counted from the nearest place before it on its line: the line's
/// start, the mark found by a search, or the last place counted, when
/// asked again further on. So no conversion scans more than a step,
/// whatever the order asked in and however long the line (a line holding
/// a finding every few bytes is not counted again for each), and asked in
/// order, as findings and YAML tokens are, each byte is counted about
/// once. The marks take a tenth of a long line's bytes.
///
/// The index borrows the text ([`LineIndex::new`]) or owns it
/// ([`LineIndex::owned`]), for a holder that keeps it beside the text,
/// built once for each text (the language server's open notes).
#[derive(Debug, Clone)]
pub struct LineIndex<'t> {
    text: Cow<'t, str>,
    /// Where each line starts; the first line after a byte-order mark.
    starts: Vec<usize>,
    /// The marks of every line longer than [`STEP`], in order: a place a
    /// step (and less than a character) after the line's start or the
    /// mark before, strictly inside its line.
    marks: Vec<Mark>,
    /// The last place counted to.
    cursor: Cell<Cursor>,
}

/// A place on a long line counted as the index is built: its byte
/// offset, and the characters and UTF-16 code units from its line's start
/// to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    at: usize,
    chars: usize,
    units: usize,
}

impl Mark {
    fn column(self, unit: Unit) -> usize {
        match unit {
            Unit::Chars => self.chars,
            Unit::Utf16 => self.units,
        }
    }

    fn on(self, line: usize) -> Cursor {
        Cursor { line, at: self.at, chars: self.chars, units: self.units }
    }
}

/// A place counted to on a line: its byte offset, and the characters and
/// UTF-16 code units from the line's start to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cursor {
    line: usize,
    at: usize,
    chars: usize,
    units: usize,
}

/// How a column is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Chars,
    Utf16,
}

impl Cursor {
    fn start(line: usize, at: usize) -> Cursor {
        Cursor { line, at, chars: 0, units: 0 }
    }

    fn column(self, unit: Unit) -> usize {
        match unit {
            Unit::Chars => self.chars,
            Unit::Utf16 => self.units,
        }
    }

    /// Moves on over `passed`, the text from `at` to a later offset.
    fn pass(&mut self, passed: &str) {
        self.at += passed.len();
        if passed.is_ascii() {
            self.chars += passed.len();
            self.units += passed.len();
        } else {
            for c in passed.chars() {
                self.chars += 1;
                self.units += c.len_utf16();
            }
        }
    }
}

/// A place as a person reads it and the command line prints it: the
/// 1-based line and the 1-based column, counted in characters (Unicode
/// scalar values).
///
/// Held in 32-bit words, as spans are: a place past 4 Gi lines or
/// characters reads as the last one a word holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct LineColumn {
    line: u32,
    column: u32,
}

impl LineColumn {
    /// The place at 1-based `line` and `column`.
    pub fn new(line: usize, column: usize) -> LineColumn {
        LineColumn { line: word(line), column: word(column) }
    }

    /// The 1-based line.
    pub fn line(self) -> usize {
        self.line as usize
    }

    /// The 1-based column, in characters.
    pub fn column(self) -> usize {
        self.column as usize
    }
}

/// A place as the Language Server Protocol counts it by default: the
/// 0-based line, and the 0-based column in UTF-16 code units (a character
/// outside the Basic Multilingual Plane, an emoji say, takes two).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Utf16Position {
    pub line: u32,
    pub character: u32,
}

fn word(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl LineIndex<'static> {
    /// The lines of `text`, which the index keeps (see [`LineIndex::new`]).
    pub fn owned(text: String) -> LineIndex<'static> {
        LineIndex::build(Cow::Owned(text))
    }
}

impl<'t> LineIndex<'t> {
    /// The lines of `text`, found in one pass over it.
    pub fn new(text: &'t str) -> LineIndex<'t> {
        LineIndex::build(Cow::Borrowed(text))
    }

    fn build(text: Cow<'t, str>) -> LineIndex<'t> {
        let first = if text.starts_with(BOM) { BOM.len_utf8() } else { 0 };
        let bytes = text.as_bytes();
        let mut starts = vec![first];
        for at in memchr::memchr2_iter(b'\n', b'\r', &bytes[first..]).map(|i| first + i) {
            // A `\n` right after a `\r` ends the same line: the next one
            // starts after both.
            if bytes[at] == b'\n' && at > first && bytes[at - 1] == b'\r' {
                *starts.last_mut().expect("the first line's start") = at + 1;
            } else {
                starts.push(at + 1);
            }
        }
        let marks = marks(&text, &starts);
        LineIndex { text, starts, marks, cursor: Cell::new(Cursor::start(0, first)) }
    }

    /// The text indexed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// How many lines the text has: one more than its line breaks (an
    /// empty text, or one ending with a break, has an empty last line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line the byte at `offset` is on.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The bytes of the 0-based `line`, without its line break; `None`
    /// past the last line.
    pub fn line(&self, line: usize) -> Option<Range<usize>> {
        line_range(&self.text, &self.starts, line)
    }

    /// Where the 0-based `line` starts (after its byte-order mark for the
    /// first); `None` past the last line.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The line and column, in characters, of the byte at `offset`.
    pub fn position(&self, offset: usize) -> LineColumn {
        let c = self.count_to(offset);
        LineColumn::new(c.line + 1, c.chars + 1)
    }

    /// The line and column, in UTF-16 code units, of the byte at
    /// `offset`, as the Language Server Protocol counts them.
    pub fn utf16(&self, offset: usize) -> Utf16Position {
        let c = self.count_to(offset);
        Utf16Position { line: word(c.line), character: word(c.units) }
    }

    /// The byte offset of an LSP position. A line past the last reads as
    /// the end of the text; a column past the line's end as its end,
    /// before the line break; one inside a character (between the two
    /// code units of an emoji) as the end of that character.
    pub fn offset_of_utf16(&self, position: Utf16Position) -> usize {
        self.offset_at(position.line as usize, position.character as usize, Unit::Utf16)
    }

    /// The byte offset of the 0-based `column`, counted in characters, on
    /// the 0-based `line`; past the line's end, its end; past the last
    /// line, the end of the text.
    pub fn offset_of_column(&self, line: usize, column: usize) -> usize {
        self.offset_at(line, column, Unit::Chars)
    }

    /// Counts along the line of `offset` up to it.
    fn count_to(&self, offset: usize) -> Cursor {
        let offset = self.text.floor_char_boundary(offset.min(self.text.len()));
        let line = self.line_of(offset);
        let start = self.starts[line];
        let offset = offset.max(start);
        // The last mark at or before the offset, if it is on this line.
        let mark = self.marks[..self.marks.partition_point(|m| m.at <= offset)].last();
        let mark = mark.filter(|m| m.at > start);
        let mut c = self.nearest(line, start, mark, |c| c.at <= offset);
        c.pass(&self.text[c.at..offset]);
        self.cursor.set(c);
        c
    }

    /// Where to count from on `line` (starting at `start`): the last
    /// place counted, if it is on the line, `before` the place wanted and
    /// past `mark`; else `mark`, if any; else the line's start.
    fn nearest(
        &self,
        line: usize,
        start: usize,
        mark: Option<&Mark>,
        before: impl Fn(Cursor) -> bool,
    ) -> Cursor {
        let from = mark.map_or(Cursor::start(line, start), |m| m.on(line));
        let last = self.cursor.get();
        if last.line == line && last.at > from.at && before(last) { last } else { from }
    }

    fn offset_at(&self, line: usize, column: usize, unit: Unit) -> usize {
        let Some(Range { start, end }) = self.line(line) else { return self.text.len() };
        // The line's marks, and the last of them at or before the column.
        let on_line = &self.marks[self.marks.partition_point(|m| m.at <= start)..];
        let on_line = &on_line[..on_line.partition_point(|m| m.at < end)];
        let mark = on_line[..on_line.partition_point(|m| m.column(unit) <= column)].last();
        let mut c = self.nearest(line, start, mark, |c| c.column(unit) <= column && c.at <= end);
        // Only what is stepped over is looked at: the rest of a long line
        // is left for the next column asked for.
        let rest = &self.text[c.at..end];
        let ahead = (column - c.column(unit)).min(rest.len());
        if rest.as_bytes()[..ahead].is_ascii() {
            c.pass(&rest[..ahead]);
        } else {
            for ch in rest.chars() {
                if c.column(unit) >= column {
                    break;
                }
                c.pass(ch.encode_utf8(&mut [0; 4]));
            }
        }
        self.cursor.set(c);
        c.at
    }
}

/// The bytes of the 0-based `line` of `text`, whose lines start at
/// `starts`, without its line break; `None` past the last line.
fn line_range(text: &str, starts: &[usize], line: usize) -> Option<Range<usize>> {
    let start = *starts.get(line)?;
    let end = match starts.get(line + 1) {
        Some(&next) if text.as_bytes()[..next].ends_with(b"\r\n") => next - 2,
        Some(&next) => next - 1,
        None => text.len(),
    };
    Some(start..end)
}

/// The marks of the lines of `text` (starting at `starts`) longer than a
/// step: from each line's start, a mark at the first character boundary a
/// step or more past the one before, while that is before the line's end.
fn marks(text: &str, starts: &[usize]) -> Vec<Mark> {
    let mut marks = Vec::new();
    for line in 0..starts.len() {
        let Some(Range { start, end }) = line_range(text, starts, line) else { break };
        if end - start <= STEP {
            continue;
        }
        let mut c = Cursor::start(line, start);
        loop {
            let next = text.ceil_char_boundary(c.at + STEP);
            if next >= end {
                break;
            }
            c.pass(&text[c.at..next]);
            marks.push(Mark { at: c.at, chars: c.chars, units: c.units });
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn at(text: &str, offset: usize) -> (usize, usize) {
        let p = LineIndex::new(text).position(offset);
        (p.line(), p.column())
    }

    fn utf16(line: u32, character: u32) -> Utf16Position {
        Utf16Position { line, character }
    }

    #[test]
    fn each_kind_of_line_break_ends_a_line() {
        let text = "a\nb\r\nc\rd";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 4);
        assert_eq!([at(text, 0), at(text, 2), at(text, 5), at(text, 7)], [(1, 1), (2, 1), (3, 1), (4, 1)]);
        assert_eq!((0..4).map(|l| &text[index.line(l).unwrap()]).collect::<Vec<_>>(), ["a", "b", "c", "d"]);
        assert_eq!(index.line(4), None);
        // A line break is on the line it ends.
        assert_eq!([at(text, 1), at(text, 3), at(text, 4), at(text, 6)], [(1, 2), (2, 2), (2, 3), (3, 2)]);
    }

    #[test]
    fn a_text_ending_with_a_break_has_an_empty_last_line() {
        let index = LineIndex::new("a\r\n");
        assert_eq!(index.line_count(), 2);
        assert_eq!(index.line(1), Some(3..3));
        assert_eq!(at("a\r\n", 3), (2, 1));
        assert_eq!(LineIndex::new("").line_count(), 1);
        assert_eq!(at("", 0), (1, 1));
    }

    #[test]
    fn columns_count_characters_for_people_and_utf16_units_for_editors() {
        // An emoji is one character and two UTF-16 units; a combining
        // mark is a character and a unit of its own.
        let text = "x\n😀e\u{301}!";
        let bang = text.find('!').unwrap();
        let index = LineIndex::new(text);
        assert_eq!(index.position(bang), LineColumn::new(2, 4));
        assert_eq!(index.utf16(bang), utf16(1, 4));
        assert_eq!(index.offset_of_utf16(utf16(1, 4)), bang);
        assert_eq!(index.offset_of_column(1, 3), bang);
    }

    #[test]
    fn a_byte_order_mark_is_no_column() {
        let text = "\u{feff}ab\ncd";
        let index = LineIndex::new(text);
        assert_eq!([at(text, 0), at(text, 3), at(text, 4)], [(1, 1), (1, 1), (1, 2)]);
        assert_eq!(index.utf16(4), utf16(0, 1));
        assert_eq!(index.offset_of_utf16(utf16(0, 0)), 3);
        assert_eq!(index.line(0), Some(3..5));
        // Only at the start of the text.
        assert_eq!(at("a\n\u{feff}b", 5), (2, 2));
    }

    #[test]
    fn offsets_out_of_reach_read_as_the_nearest_place() {
        let text = "ab\r\n😀";
        let index = LineIndex::new(text);
        // Past the end, inside a character.
        assert_eq!(index.position(99), LineColumn::new(2, 2));
        assert_eq!(index.position(5), LineColumn::new(2, 1));
        // Past a line's end, past the last line, inside a surrogate pair.
        assert_eq!(index.offset_of_utf16(utf16(0, 9)), 2);
        assert_eq!(index.offset_of_utf16(utf16(7, 0)), text.len());
        assert_eq!(index.offset_of_utf16(utf16(1, 1)), text.len());
    }

    #[test]
    fn asked_out_of_order_it_counts_again_from_the_line_start() {
        let text = "é\u{301}abc 😀 def\nghi";
        let index = LineIndex::new(text);
        let offsets: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let forward: Vec<LineColumn> = offsets.iter().map(|&i| index.position(i)).collect();
        let backward: Vec<LineColumn> = offsets.iter().rev().map(|&i| index.position(i)).collect();
        assert_eq!(forward, backward.into_iter().rev().collect::<Vec<_>>());
        for &i in offsets.iter().rev() {
            assert_eq!(index.offset_of_utf16(index.utf16(i)), i);
        }
    }

    /// Text made of the characters that count differently: line breaks of
    /// every kind, an emoji, combining marks, a byte-order mark.
    fn tricky() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("\n"),
            Just("\r\n"),
            Just("\r"),
            Just("😀"),
            Just("e\u{301}"),
            Just("\u{feff}"),
            Just("é"),
            Just("ab"),
            Just(" "),
        ];
        proptest::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
    }

    /// Where a line starts in `text`, counted the slow way.
    fn line_and_start(text: &str, offset: usize) -> (usize, usize) {
        let bytes = text.as_bytes();
        let (mut line, mut start) = (0, 0);
        for i in 0..offset {
            let ends = bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends {
                line += 1;
                start = i + 1;
            }
        }
        if line == 0 && text.starts_with(BOM) {
            start = BOM.len_utf8();
        }
        (line, start)
    }

    proptest! {
        #[test]
        fn offsets_round_trip_through_both_kinds_of_position(text in tricky()) {
            let index = LineIndex::new(&text);
            let mark = if text.starts_with(BOM) { BOM.len_utf8() } else { 0 };
            // Every character boundary but the start of a byte-order mark,
            // which reads as the place after it, and the middle of a `\r\n`,
            // which no position names: a column past a line's text is its end.
            let bytes = text.as_bytes();
            let inside_crlf = |i: usize| bytes[..i].ends_with(b"\r") && bytes[i..].starts_with(b"\n");
            let boundaries: Vec<usize> =
                (mark..=text.len()).filter(|&i| text.is_char_boundary(i) && !inside_crlf(i)).collect();
            // In order, as findings are asked for, and backwards, which
            // counts each again from its line's start.
            for &offset in boundaries.iter().chain(boundaries.iter().rev()) {
                let p = index.position(offset);
                prop_assert_eq!(index.offset_of_column(p.line() - 1, p.column() - 1), offset);
                let u = index.utf16(offset);
                prop_assert_eq!(index.offset_of_utf16(u), offset);
                prop_assert_eq!(u.line as usize, p.line() - 1);
                let (line, start) = line_and_start(&text, offset);
                prop_assert_eq!(p.line() - 1, line);
                let before = &text[start.min(offset)..offset];
                prop_assert_eq!(p.column() - 1, before.chars().count());
                prop_assert_eq!(u.character as usize, before.encode_utf16().count());
            }
        }
    }

    /// The LSP position of `offset`, counted from the start of the text
    /// character by character, as the language server once did: what the
    /// index, searching its marks, must agree with.
    fn counted_utf16(text: &str, offset: usize) -> Utf16Position {
        let offset = text.floor_char_boundary(offset.min(text.len()));
        let (line, start) = line_and_start(text, offset);
        let character = text[start.min(offset)..offset].encode_utf16().count();
        Utf16Position { line: word(line), character: word(character) }
    }

    /// The line and column, in characters, of `offset`, counted from the
    /// start of the text.
    fn counted_position(text: &str, offset: usize) -> LineColumn {
        let offset = text.floor_char_boundary(offset.min(text.len()));
        let (line, start) = line_and_start(text, offset);
        LineColumn::new(line + 1, text[start.min(offset)..offset].chars().count() + 1)
    }

    /// The byte offset of the 0-based `column` on the 0-based `line`,
    /// counted from the start of the text, each character `width` wide:
    /// past its line's end, the line's end; past the last line, the end of
    /// the text; inside a character, that character's end.
    fn counted_offset(text: &str, line: usize, column: usize, width: fn(char) -> usize) -> usize {
        let bytes = text.as_bytes();
        let mut start = if text.starts_with(BOM) { BOM.len_utf8() } else { 0 };
        for _ in 0..line {
            match bytes[start..].iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) if bytes[start + i..].starts_with(b"\r\n") => start += i + 2,
                Some(i) => start += i + 1,
                None => return text.len(),
            }
        }
        let mut counted = 0;
        for (i, c) in text[start..].char_indices() {
            if counted >= column || c == '\n' || c == '\r' {
                return start + i;
            }
            counted += width(c);
        }
        text.len()
    }

    /// Texts of long and short lines, of characters of one to four bytes
    /// (and one or two UTF-16 units), with every kind of line break, so
    /// that marks fall everywhere: in the middle of characters' bytes, at
    /// a line's end, on lines of a step and a byte.
    fn long_lines() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("\r".to_string()),
            Just("\u{feff}".to_string()),
            "[a-z ]{0,300}",
            "[é😀日a]{0,100}",
        ];
        proptest::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(256)
        ))]

        /// Every byte offset's position (in UTF-16 units and in
        /// characters), and every LSP position's offset, are those counted
        /// from the start of the text, asked in order, backwards, and in
        /// the order of a seed.
        #[test]
        fn marks_find_what_counting_from_the_start_finds(
            text in long_lines(),
            seed in any::<u64>(),
            positions in proptest::collection::vec((0..16usize, 0..700usize), 1..8),
        ) {
            let index = LineIndex::new(&text);
            let offsets: Vec<usize> = (0..=text.len() + 1).collect();
            let mut shuffled = offsets.clone();
            shuffled.sort_by_key(|&i| (i as u64 ^ seed).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            for &offset in offsets.iter().chain(offsets.iter().rev()).chain(&shuffled) {
                prop_assert_eq!(index.utf16(offset), counted_utf16(&text, offset), "offset {}", offset);
                prop_assert_eq!(index.position(offset), counted_position(&text, offset), "offset {}", offset);
            }
            // Columns anywhere, and just before, at and after each mark.
            let near_marks = index.marks.iter().flat_map(|m| {
                let line = index.line_of(m.at);
                [m.chars, m.units].into_iter().flat_map(move |c| [c.saturating_sub(1), c, c + 1].map(|c| (line, c)))
            });
            let asked: Vec<(usize, usize)> = positions.into_iter().chain(near_marks).collect();
            for &(line, column) in asked.iter().chain(asked.iter().rev()) {
                let utf16 = Utf16Position { line: word(line), character: word(column) };
                let at = index.offset_of_utf16(utf16);
                prop_assert_eq!(at, counted_offset(&text, line, column, char::len_utf16), "{:?}", utf16);
                let at = index.offset_of_column(line, column);
                prop_assert_eq!(at, counted_offset(&text, line, column, |_| 1), "{}:{}", line, column);
            }
        }
    }

    /// Whatever the text, a place a conversion may count from (a line's
    /// start or a mark) lies within a step and a character before every
    /// byte: no conversion scans further, however long the line. And the
    /// marks are few: at most one a step.
    #[test]
    fn a_mark_or_a_line_start_lies_within_a_step_of_every_byte() {
        let texts = [
            "x".repeat(100_000),
            "😀".repeat(30_000),
            "\n".repeat(100_000),
            format!("{}\r{}\r\n{}", "日".repeat(20_000), "a".repeat(257), "é".repeat(129)),
            String::new(),
        ];
        for text in texts {
            let index = LineIndex::new(&text);
            let mut from: Vec<usize> =
                index.starts.iter().copied().chain(index.marks.iter().map(|m| m.at)).collect();
            from.sort_unstable();
            from.push(text.len());
            assert!(from.windows(2).all(|w| w[1] - w[0] <= STEP + 4), "{} bytes", text.len());
            assert!(index.marks.len() <= text.len() / STEP, "{} marks", index.marks.len());
        }
    }

    /// An index that owns its text places as one that borrows it.
    #[test]
    fn an_owned_index_places_as_a_borrowed_one() {
        let text = format!("{}😀\r\nb", "a".repeat(1_000));
        let owned = LineIndex::owned(text.clone());
        let borrowed = LineIndex::new(&text);
        assert_eq!(owned.text(), text);
        for offset in (0..=text.len()).rev() {
            assert_eq!(owned.utf16(offset), borrowed.utf16(offset));
        }
    }
}
