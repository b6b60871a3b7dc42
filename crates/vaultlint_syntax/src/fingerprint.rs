//! What a note's body looks like to the version detector: a MinHash
//! signature of its word shingles (hashed), a consistent sample of them,
//! and its heading outline. The shingle set itself is not kept: at a
//! million notes it would be most of the memory a run takes.

/// Words per shingle.
const SHINGLE: usize = 3;
/// Only this much of a body is fingerprinted, which bounds the time and
/// memory a huge note costs; versions differ well before this.
pub const MAX_FINGERPRINT_BYTES: usize = 1 << 20;
/// Stands for every run of digits, so that a changed number leaves the
/// shingles around it alone.
const NUMBER: u64 = 0x9e37_79b9_7f4a_7c15;

/// MinHash bins in a signature.
pub const BINS: usize = 128;
/// At most this many shingles are kept in a note's sample.
pub const SAMPLE: usize = 256;

/// A one-permutation MinHash signature: per bin, the smallest shingle
/// hash in it, whole, so that it can be looked up among the common ones.
pub type Signature = [u32; BINS];

/// How many distinct shingles the body has (exact when every one is in
/// the sample, level 0, else estimated from the sample); how many it has
/// with repeats (a note holding one text several times over has many
/// more than distinct ones); the level of the
/// sample; a consistent sample of the shingle hashes; the signature over
/// every shingle; and the hashes of the normalised headings.
///
/// The sample holds the shingle hashes below `2^32 >> level`, sorted:
/// every shingle of a short body, and at most [`SAMPLE`] of a longer one.
/// It is consistent (a shingle is in it by its hash alone), so two notes'
/// samples cut at the higher of their levels are a sample of their union,
/// on which shared text is measured.
///
/// All of it is one allocation, `[size, level, sample length, signature
/// length, length, signature.., sample.., headings..]`: every note of a vault has
/// one, for the whole run, and three lists with their own headers and
/// allocations cost about 85 bytes a note more.
///
/// Stored, a fingerprint whose sample holds every shingle (level 0) is
/// kept without its signature, which is made again from the sample: the
/// signature is 512 bytes, and in a vault of short notes it made the cache
/// larger than the notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    words: Box<[u32]>,
}

/// Words before the lists in [`Fingerprint::words`].
const HEAD: usize = 5;

impl Fingerprint {
    /// `size` and `length` are the distinct shingles and all of them;
    /// `signature` is empty when the body has no shingle; `sample` and
    /// `headings` are sorted, without repeats.
    pub fn new(
        (size, length): (u32, u32),
        level: u8,
        sample: &[u32],
        signature: &[u32],
        headings: &[u32],
    ) -> Fingerprint {
        let mut words = Vec::with_capacity(HEAD + signature.len() + sample.len() + headings.len());
        words.extend([size, u32::from(level), sample.len() as u32, signature.len() as u32, length]);
        words.extend_from_slice(signature);
        words.extend_from_slice(sample);
        words.extend_from_slice(headings);
        Fingerprint { words: words.into_boxed_slice() }
    }

    /// Whether `words` are laid out as [`Fingerprint::new`] lays them.
    fn well_formed(words: &[u32]) -> bool {
        let Some(&[_, level, sample, signature, _]) = words.get(..HEAD) else { return false };
        let lists = (sample as usize).checked_add(signature as usize).and_then(|l| l.checked_add(HEAD));
        level <= 32
            && (signature == 0 || signature as usize == BINS)
            && lists.is_some_and(|l| l <= words.len())
    }

    /// The words it is made of, as [`Fingerprint::new`] lays them out.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// A fingerprint from its words' little-endian bytes; `None` when they
    /// are not laid out as one.
    pub fn from_le_bytes(bytes: &[u8]) -> Option<Fingerprint> {
        let words: Box<[u32]> =
            bytes.chunks_exact(4).map(|w| u32::from_le_bytes(w.try_into().expect("four bytes"))).collect();
        Fingerprint::well_formed(&words).then_some(Fingerprint { words })
    }

    pub fn size(&self) -> u32 {
        self.words[0]
    }

    /// How many shingles the body has, repeats counted.
    pub fn length(&self) -> u32 {
        self.words[4]
    }

    pub fn level(&self) -> u8 {
        self.words[1] as u8
    }

    fn signature_words(&self) -> &[u32] {
        &self.words[HEAD..HEAD + self.words[3] as usize]
    }

    pub fn sample(&self) -> &[u32] {
        let at = HEAD + self.words[3] as usize;
        &self.words[at..at + self.words[2] as usize]
    }

    pub fn headings(&self) -> &[u32] {
        &self.words[HEAD + self.words[3] as usize + self.words[2] as usize..]
    }
}

impl Fingerprint {
    /// Whether its signature follows from its sample: every shingle is
    /// in the sample, and there is one.
    fn signature_follows(words: &[u32]) -> bool {
        words[1] == 0 && words[2] > 0
    }
}

impl serde::Serialize for Fingerprint {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut stored = serializer.serialize_struct("Fingerprint", 1)?;
        if Fingerprint::signature_follows(&self.words) && self.words[3] as usize == BINS {
            let mut words = Vec::with_capacity(self.words.len() - BINS);
            words.extend_from_slice(&self.words[..HEAD]);
            words[3] = 0;
            words.extend_from_slice(&self.words[HEAD + BINS..]);
            stored.serialize_field("words", &Words(&words))?;
        } else {
            stored.serialize_field("words", &Words(&self.words))?;
        }
        stored.end()
    }
}

/// Words serialized as their little-endian bytes.
struct Words<'a>(&'a [u32]);

impl serde::Serialize for Words<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        vaultlint_core::serial::words::serialize(self.0, serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Fingerprint {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Stored {
            #[serde(with = "vaultlint_core::serial::words")]
            words: Box<[u32]>,
        }
        let Stored { mut words } = Stored::deserialize(deserializer)?;
        if !Fingerprint::well_formed(&words) {
            return Err(serde::de::Error::custom("a fingerprint's lists do not fit it"));
        }
        if Fingerprint::signature_follows(&words) && words[3] == 0 {
            let sample = &words[HEAD..HEAD + words[2] as usize];
            let signature = signature(sample).expect("a sample with shingles");
            let mut whole = Vec::with_capacity(words.len() + BINS);
            whole.extend_from_slice(&words[..HEAD]);
            whole[3] = BINS as u32;
            whole.extend_from_slice(&signature);
            whole.extend_from_slice(&words[HEAD..]);
            words = whole.into_boxed_slice();
        }
        Ok(Fingerprint { words })
    }
}

const FNV_SEED: u64 = 0xcbf2_9ce4_8422_2325;

/// One FNV-1a step: stable across runs, platforms and versions.
fn fnv(h: u64, byte: u8) -> u64 {
    (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
}

/// A 64-bit finaliser (from SplitMix64) so every output bit depends on every input bit.
pub fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A word's hash, built eight bytes at a time so the per-byte work is a
/// shift and an or; the multiply runs once per eight bytes.
#[derive(Default)]
struct WordHash {
    h: u64,
    acc: u64,
    len: u32,
}

impl WordHash {
    fn push(&mut self, byte: u8) {
        self.acc = (self.acc << 8) | u64::from(byte);
        self.len += 1;
        if self.len.is_multiple_of(8) {
            self.absorb(self.acc);
            self.acc = 0;
        }
    }

    fn absorb(&mut self, eight: u64) {
        self.h = (self.h ^ eight).wrapping_mul(0x9fb2_1c65_1e98_df25).rotate_left(29);
    }

    /// Pushes a run of ASCII letters, lower-cased: eight at a time where
    /// the word is at a multiple of eight, which hashes as byte by byte.
    fn push_letters(&mut self, run: &[u8]) {
        let mut run = run;
        while !self.len.is_multiple_of(8) && !run.is_empty() {
            self.push(run[0] | 0x20);
            run = &run[1..];
        }
        let mut chunks = run.chunks_exact(8);
        for chunk in &mut chunks {
            self.absorb(u64::from_be_bytes(chunk.try_into().expect("8 bytes")) | 0x2020_2020_2020_2020);
            self.len += 8;
        }
        // Fewer than eight are left, and the word's length is a multiple
        // of eight (or nothing is left): they fill the empty accumulator
        // without reaching eight, so no byte needs the check `push` makes.
        let rest = chunks.remainder();
        for &byte in rest {
            self.acc = (self.acc << 8) | u64::from(byte | 0x20);
        }
        self.len += rest.len() as u32;
    }

    /// The hash of the word so far, and a fresh start for the next one.
    fn take(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        let h = mix(self.h ^ self.acc ^ (u64::from(self.len) << 56));
        *self = WordHash::default();
        Some(h)
    }
}

/// Calls `each` with the hash of every word of `text`, lower-cased; runs
/// of digits all hash to the same value. This is the hot loop of the
/// similarity pass, so it hashes as it reads instead of building words.
fn words(text: &str, mut each: impl FnMut(u64)) {
    let bytes = text.as_bytes();
    let mut word = WordHash::default();
    let mut in_number = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() {
            if let Some(h) = word.take() {
                each(h);
            }
            if !in_number {
                each(NUMBER);
                in_number = true;
            }
            i += 1;
            continue;
        }
        in_number = false;
        if b.is_ascii() {
            if matches!(b, b'i' | b'e' | b'`' | b'~')
                && (i == 0 || bytes[i - 1] == b'\n')
                && let Some(end) = module_statement(bytes, i).or_else(|| plugin_block(bytes, i))
            {
                if let Some(h) = word.take() {
                    each(h);
                }
                i = end;
                continue;
            }
            if b == b'<'
                && let Some(end) = not_prose(bytes, i)
            {
                if let Some(h) = word.take() {
                    each(h);
                }
                i = end;
                continue;
            }
            if b.is_ascii_alphabetic() {
                let end =
                    bytes[i..].iter().position(|c| !c.is_ascii_alphabetic()).map_or(bytes.len(), |n| i + n);
                word.push_letters(&bytes[i..end]);
                i = end;
                continue;
            } else if let Some(h) = word.take() {
                each(h);
            }
            i += 1;
            continue;
        }
        let c = text[i..].chars().next().expect("a char starts here");
        i += c.len_utf8();
        if written_unspaced(c) {
            // Chinese and Japanese put no space between words: each
            // character is a word, so that an edit inside a sentence
            // (a word set in bold, a phrase added) leaves the rest of
            // the sentence's shingles as they were.
            if let Some(h) = word.take() {
                each(h);
            }
            let mut buf = [0u8; 4];
            c.encode_utf8(&mut buf).as_bytes().iter().for_each(|&byte| word.push(byte));
            if let Some(h) = word.take() {
                each(h);
            }
        } else if c.is_alphanumeric() {
            let mut buf = [0u8; 4];
            for lower in c.to_lowercase() {
                for &byte in lower.encode_utf8(&mut buf).as_bytes() {
                    word.push(byte);
                }
            }
        } else if let Some(h) = word.take() {
            each(h);
        }
    }
    if let Some(h) = word.take() {
        each(h);
    }
}

/// Whether `c` is written without spaces between words: a Chinese or
/// Japanese ideograph, or a kana. (Korean spaces its words.)
fn written_unspaced(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}'   // hiragana, katakana
        | '\u{3400}'..='\u{4dbf}' // ideographs, extension A
        | '\u{4e00}'..='\u{9fff}' // ideographs
        | '\u{f900}'..='\u{faff}' // compatibility ideographs
        | '\u{20000}'..='\u{2fa1f}' // ideographs, extensions B to F
    )
}

/// Where an element that holds no prose of the note's own ends, for one
/// that starts at `at`: a script or a style, and a note embedded in this
/// one as a published page holds it (the Digital Garden plugin writes
/// `![[Router]]` as a `transclusion internal-embed` element holding
/// Router's text). Their text would make a note that embeds another, or
/// draws with one tool, a copy of it. `None` for any other tag, or one
/// that is never closed.
fn not_prose(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = &bytes[at..];
    let starts = |tag: &[u8]| rest.len() >= tag.len() && rest[..tag.len()].eq_ignore_ascii_case(tag);
    let after = |from: usize, close: &[u8]| {
        memchr::memmem::find_iter(&bytes[from..], b"</")
            .find(|&i| bytes[from + i..].get(..close.len()).is_some_and(|t| t.eq_ignore_ascii_case(close)))
            .map(|i| from + i + close.len())
    };
    if starts(b"<script") {
        after(at, b"</script>")
    } else if starts(b"<style") {
        after(at, b"</style>")
    } else if rest.get(1).is_some_and(u8::is_ascii_uppercase) {
        component_tag(rest).map(|len| at + len)
    } else if starts(b"<div class=\"transclusion internal-embed") {
        // To the `</div>` that closes it: embeds nest.
        let mut depth = 0usize;
        let mut i = at;
        while let Some(open) = memchr::memchr(b'<', &bytes[i..]) {
            i += open;
            let tag = &bytes[i..];
            if tag.starts_with(b"<div") {
                depth += 1;
            } else if tag.starts_with(b"</div>") {
                depth -= 1;
                if depth == 0 {
                    return Some(i + b"</div>".len());
                }
            }
            i += 1;
        }
        None
    } else {
        None
    }
}

/// The length of an MDX component's tag at the start of `tag`
/// (`<ExampleEditor files={{ 'index.js': IndexFile }} />`, `<Tabs>`): its
/// name and attributes are code, not prose. (What a component holds
/// between its tags is read.) `None` where the name is not followed by a
/// space, `/` or `>`, or no `>` closes the tag on its line, outside braces
/// and quotes, within [`MAX_TAG`] bytes: `a <B grade` is prose. (The
/// bound keeps a line of a megabyte of `<A {` from being scanned from each
/// of its tags.)
fn component_tag(tag: &[u8]) -> Option<usize> {
    let name = tag[1..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'.').count();
    if !matches!(tag.get(1 + name), Some(b' ' | b'\t' | b'\n' | b'/' | b'>')) {
        return None;
    }
    let (mut depth, mut quote) = (0usize, None);
    for (i, &c) in tag.iter().enumerate().skip(1 + name).take(MAX_TAG) {
        match (quote, c) {
            (_, b'\n') if depth == 0 => return None,
            (None, b'<') if depth == 0 => return None,
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'' | b'`') => quote = Some(c),
            (None, b'{') => depth += 1,
            (None, b'}') => depth = depth.saturating_sub(1),
            (None, b'>') if depth == 0 => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// Bytes of an MDX component's tag read at most (see [`component_tag`]).
const MAX_TAG: usize = 512;

/// Code blocks that hold no text of the note's own, by their info string:
/// the code a plugin runs to make what the reader sees (a Dataview or
/// Tasks query, a map, a button), and a Markdown document quoted whole
/// (a prompt that carries the note it works on, a template shown as it is
/// written).
const PLUGIN_BLOCKS: &[&str] =
    &["dataview", "dataviewjs", "query", "tasks", "leaflet", "button", "base", "markdown", "md"];

/// Where a fenced code block that starts a line at `at` ends, for a block
/// of [`PLUGIN_BLOCKS`]: a query is the same in every note made from one
/// skeleton (an index note in each folder), and what it shows is other
/// notes' text; a quoted document is the other note's text, which would
/// make the note that quotes it its newer version. An unclosed block runs
/// to the end.
fn plugin_block(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = &bytes[at..];
    let fence = rest[0];
    let run = rest.iter().take_while(|&&c| c == fence).count();
    if run < 3 {
        return None;
    }
    let line = rest.split(|&c| c == b'\n').next().unwrap_or(rest);
    let info = line[run..].trim_ascii();
    let name = info.split(|c| c.is_ascii_whitespace() || *c == b'{').next().unwrap_or(info);
    if !PLUGIN_BLOCKS.iter().any(|p| name.eq_ignore_ascii_case(p.as_bytes())) {
        return None;
    }
    let mut from = at + line.len() + 1;
    while from < bytes.len() {
        let end = memchr::memchr(b'\n', &bytes[from..]).map_or(bytes.len(), |n| from + n + 1);
        let closing = bytes[from..end].trim_ascii();
        if closing.len() >= run && closing.iter().all(|&c| c == fence) {
            return Some(end);
        }
        from = end;
    }
    Some(bytes.len())
}

/// Where an MDX module statement that starts a line at `at` ends: an
/// `import … from '…'` (over several lines when it lists names in
/// braces), a bare `import '…'`, or an `export` of a value. They are
/// code: a page that only embeds an example (`import IndexFile from
/// './sprite'`, then a component) has no text of its own.
fn module_statement(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = &bytes[at..];
    let line_end = |from: usize| memchr::memchr(b'\n', &bytes[from..]).map_or(bytes.len(), |n| from + n + 1);
    let quoted = |s: &[u8]| s.first().is_some_and(|q| matches!(q, b'\'' | b'"'));
    if let Some(after) = rest.strip_prefix(b"import ") {
        if quoted(after) {
            return Some(line_end(at));
        }
        // To the line that names the module, within a few lines.
        let mut from = at;
        for _ in 0..32 {
            let end = line_end(from);
            let line = &bytes[from..end];
            let named = memchr::memmem::find_iter(line, b"from ")
                .find(|&f| f > 0 && matches!(line[f - 1], b' ' | b'}'));
            if let Some(f) = named {
                return quoted(line[f + 5..].trim_ascii_start()).then_some(end);
            }
            if end >= bytes.len() || !(rest.starts_with(b"import {") || rest.starts_with(b"import type {")) {
                return None;
            }
            from = end;
        }
        return None;
    }
    let after = rest.strip_prefix(b"export ")?;
    ["const ", "let ", "default ", "function ", "{"]
        .iter()
        .any(|word| after.starts_with(word.as_bytes()))
        .then(|| line_end(at))
}

/// Fingerprints a note's body (the text after its frontmatter).
pub fn fingerprint(body: &str) -> Fingerprint {
    let body = vaultlint_core::text::prefix(body, MAX_FINGERPRINT_BYTES);
    let mut shingles = Vec::with_capacity(body.len() / 6);
    let mut window = [0u64; SHINGLE];
    let mut seen = 0usize;
    words(body, |h| {
        window.rotate_left(1);
        window[SHINGLE - 1] = h;
        seen += 1;
        if seen >= SHINGLE {
            shingles.push(shingle(&window));
        }
    });
    if (1..SHINGLE).contains(&seen) {
        // A body of one or two words is one shingle.
        shingles.push(shingle(&window[SHINGLE - seen..]));
    }
    let mut headings: Vec<u32> = outline(body).map(|h| h as u32).collect();
    headings.sort_unstable();
    headings.dedup();
    // Only the sample is sorted: sorting every shingle took a tenth of a check.
    let level = sample_level(&shingles);
    let mut sample: Vec<u32> = shingles.iter().copied().filter(|&h| u64::from(h) < bound(level)).collect();
    sample.sort_unstable();
    sample.dedup();
    let size = (sample.len() << level).min(u32::MAX as usize) as u32;
    let length = shingles.len().min(u32::MAX as usize) as u32;
    let signature = signature(&shingles);
    Fingerprint::new((size, length), level, &sample, signature.as_ref().map_or(&[], |s| &s[..]), &headings)
}

/// The lowest level at which at most [`SAMPLE`] of `shingles` (repeats
/// counted) fall below the bound: a shingle is below `2^32 >> level` when
/// its hash has at least `level` leading zeros.
fn sample_level(shingles: &[u32]) -> u8 {
    let mut by_zeros = [0usize; 33];
    for &h in shingles {
        by_zeros[h.leading_zeros() as usize] += 1;
    }
    let mut below = shingles.len();
    for (level, with_these_zeros) in by_zeros.iter().enumerate().take(32) {
        if below <= SAMPLE {
            return level as u8;
        }
        below -= with_these_zeros;
    }
    32
}

/// The bound of a sample at `level`: `2^32 >> level`.
fn bound(level: u8) -> u64 {
    (1u64 << 32) >> level
}

/// The hashes of a sorted list below the bound of `level`.
pub fn below(hashes: &[u32], level: u8) -> &[u32] {
    &hashes[..hashes.partition_point(|&h| u64::from(h) < bound(level))]
}

impl Fingerprint {
    pub fn signature(&self) -> Option<&Signature> {
        self.signature_words().try_into().ok()
    }

    /// Every shingle the fingerprint knows the note has, once each: its
    /// sample, and the minimum of each bin that is not in the sample (a
    /// bin borrowed from another holds that bin's minimum, not its own).
    pub fn known_shingles(&self) -> impl Iterator<Item = u32> + '_ {
        let bound = bound(self.level());
        let minima = self
            .signature_words()
            .iter()
            .enumerate()
            .filter(move |&(bin, &h)| bin_of(h) == bin && u64::from(h) >= bound);
        self.sample().iter().copied().chain(minima.map(|(_, &h)| h))
    }
}

/// The bin of a shingle: the top bits of its hash.
fn bin_of(shingle: u32) -> usize {
    (shingle >> (32 - BINS.trailing_zeros())) as usize
}

/// The one-permutation MinHash of `shingles`, `None` when there are none.
/// Shingle hashes are already uniform, so the top bits pick the bin.
/// Empty bins borrow from a filled one picked by a fixed probe sequence
/// (optimal densification), so short notes still get whole signatures.
pub fn signature(shingles: &[u32]) -> Option<Signature> {
    let mut min = [u32::MAX; BINS];
    let mut filled = [false; BINS];
    for &s in shingles {
        let bin = bin_of(s);
        if !filled[bin] || s < min[bin] {
            min[bin] = s;
            filled[bin] = true;
        }
    }
    if shingles.is_empty() {
        return None;
    }
    for bin in 0..BINS {
        if filled[bin] {
            continue;
        }
        let mut attempt = 0u64;
        let from = loop {
            attempt += 1;
            let probe = (mix(((bin as u64) << 32) | attempt) % BINS as u64) as usize;
            if filled[probe] {
                break probe;
            }
        };
        min[bin] = min[from];
    }
    Some(min)
}

/// Word hashes are already mixed, so rotating them apart and one multiply
/// make a good shingle hash.
fn shingle(words: &[u64]) -> u32 {
    let h = words.iter().fold(0u64, |acc, &w| acc.rotate_left(21) ^ w);
    (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as u32
}

/// Hashes of the ATX headings outside code fences, each normalised as words.
fn outline(body: &str) -> impl Iterator<Item = u64> + '_ {
    crate::markdown::prose_lines(body).filter_map(|line| {
        let text = line.strip_prefix('#')?.trim_start_matches('#');
        if !text.starts_with([' ', '\t']) {
            return None;
        }
        // `## Limits (2025)` and `## Limits` are the same heading.
        let key = crate::names::key(text);
        (!key.is_empty()).then(|| mix(key.bytes().fold(FNV_SEED, fnv)))
    })
}

/// Text of words no vocabulary repeats, one per number: `w` and the
/// number spelled in letters.
/// (For tests of the similarity pass, here and in `vaultlint_analysis`.)
#[doc(hidden)]
pub fn distinct_words(numbers: impl Iterator<Item = usize>) -> String {
    let word = |n: usize| {
        format!("w{}", n.to_string().bytes().map(|d| (b'a' + d - b'0') as char).collect::<String>())
    };
    numbers.map(word).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word hashes of `text`, in order.
    fn hashes(text: &str) -> Vec<u64> {
        let mut all = Vec::new();
        words(text, |h| all.push(h));
        all
    }

    /// A short body's fingerprint is stored without the signature its
    /// sample gives, a long body's with it, and both read back whole.
    #[test]
    fn a_signature_that_follows_from_the_sample_is_not_stored() {
        let short = fingerprint("The daily allowance is 45 EUR per day, paid monthly.");
        let long_text: String = (0..2000).map(|i| format!("word{i} ")).collect();
        let long = fingerprint(&long_text);
        assert!(short.level() == 0 && long.level() > 0 && short.signature().is_some());
        for (print, left_out) in [(&short, BINS * 4), (&long, 0)] {
            let stored = postcard::to_stdvec(print).unwrap();
            let whole = print.words().len() * 4;
            assert!(
                stored.len() + left_out < whole + 4 && stored.len() + left_out >= whole,
                "{}",
                stored.len()
            );
            assert_eq!(postcard::from_bytes::<Fingerprint>(&stored).as_ref(), Ok(print));
        }
        let empty = fingerprint("");
        assert_eq!(postcard::from_bytes::<Fingerprint>(&postcard::to_stdvec(&empty).unwrap()), Ok(empty));
    }

    #[test]
    fn numbers_do_not_break_shingles() {
        let a = fingerprint("The daily allowance is 45 EUR per day.");
        let b = fingerprint("The DAILY allowance is 50 EUR per day!");
        assert_eq!(a, b);
        let c = fingerprint("The daily allowance is fifty EUR per day.");
        let shared = a.sample().iter().filter(|h| c.sample().contains(h)).count();
        // Of six shingles, the three around the number differ.
        assert_eq!((a.sample().len(), shared), (6, 3));
    }

    #[test]
    fn scripts_styles_and_published_embeds_are_not_words() {
        let plain = hashes("one two three");
        assert_eq!(hashes("one <script>let x = 1;</script>two <STYLE>p {}</style>three"), plain);
        let embed = "<div class=\"transclusion internal-embed\"><div class=\"markdown-embed\">\
                     four <div>five</div> six</div></div>";
        assert_eq!(hashes(&format!("one two {embed}three")), plain);
        // Never closed: the text is read.
        assert_eq!(hashes("one <script>two three").len(), plain.len() + 1);
        assert_eq!(hashes("<b>one</b> two three").len(), plain.len() + 2);
    }

    /// An MDX page's module statements and its components' tags are
    /// code: a page that only embeds an example has no words, and a
    /// component's children are read.
    #[test]
    fn mdx_imports_and_component_tags_are_not_words() {
        let embed_only = "import { ExampleEditor } from '@site/src/components/Editor';\n\
                          import IndexFile from '!!raw-loader!./sprite';\n\
                          import {\n  Tabs,\n  TabItem,\n} from \"@theme/Tabs\";\n\
                          export const toc = [];\n\n\
                          <ExampleEditor files={{ 'index.js': IndexFile }} dependencies={{ 'pixi.js': v }} />\n";
        assert_eq!(hashes(embed_only), Vec::<u64>::new());
        let plain = hashes("one two three");
        assert_eq!(
            hashes("<Tabs groupId=\"os\">one two</Tabs>three"),
            [&plain[..2], &hashes("Tabs"), &plain[2..]].concat()
        );
        // Prose that starts so is read: no module is named.
        assert_eq!(hashes("import the data from the old system").len(), 7);
        assert_eq!(hashes("export it to a file").len(), 5);
        assert_eq!(hashes("a <B grade\nnext").len(), 4);
        assert_eq!(hashes("x<Yz").len(), 2);
        // A megabyte of tags never closed is read, as words.
        assert_eq!(hashes(&"<A {".repeat(1 << 18)).len(), 1 << 18);
    }

    /// A plugin's query, or a document quoted whole, is not the note's
    /// text; other code is.
    #[test]
    fn plugin_code_blocks_are_not_words() {
        let plain = hashes("one two three");
        let query = "one two\n```dataviewjs\nconst pages = dv.pages('\"Atlas\"');\ndv.list(pages.file.link)\n```\nthree";
        assert_eq!(hashes(query), plain);
        assert_eq!(hashes("one two\n~~~~ Tasks\nnot done\n~~~~\nthree"), plain);
        assert_eq!(hashes("one two three\n```dataview\nLIST FROM #unclosed"), plain);
        assert_eq!(hashes("one two\n````markdown\n# Business plan\n```js\nx\n```\n````\nthree"), plain);
        assert_eq!(hashes("one two\n```rust\nlet x = 1;\n```\nthree").len(), plain.len() + 4);
        assert_eq!(hashes("one two\n``dataview``three").len(), plain.len() + 1);
    }

    #[test]
    fn letters_hash_eight_at_a_time_as_one_at_a_time() {
        let text = b"AbcdefghIJKLMNOPqrstuvwxyzAbcdefghijklmnopq";
        // A word may start with letters outside ASCII: none, one or seven bytes of them.
        for before in [0, 1, 7] {
            for start in 0..9 {
                for len in 0..text.len() - start {
                    let run = &text[start..start + len];
                    let (mut bulk, mut single) = (WordHash::default(), WordHash::default());
                    for _ in 0..before {
                        bulk.push(0xc3);
                        single.push(0xc3);
                    }
                    bulk.push_letters(run);
                    run.iter().for_each(|&b| single.push(b | 0x20));
                    assert_eq!(bulk.take(), single.take(), "{before} {start} {len}");
                }
            }
        }
    }

    #[test]
    fn headings_outside_fences() {
        let f = fingerprint(
            "# Title\n## Limits 2025\n```\n# not a heading\n```\n#hashtag\n## Limits (2026)\n## Scope\n",
        );
        assert_eq!(f.headings().len(), 3);
    }

    #[test]
    fn one_allocation_gives_back_each_list() {
        let signature: Vec<u32> = (0..BINS as u32).collect();
        let f = Fingerprint::new((9, 11), 2, &[3, 5], &signature, &[7]);
        assert_eq!(
            (f.size(), f.length(), f.level(), f.sample(), f.headings()),
            (9, 11, 2, &[3, 5][..], &[7][..])
        );
        assert_eq!(f.signature().map(|s| s[5]), Some(5));
        assert!(Fingerprint::well_formed(&f.words));
        // Lists that do not fit what the words hold are refused when read.
        assert!(!Fingerprint::well_formed(&[1, 0, 3, 0, 0, 5, 6]));
        assert!(!Fingerprint::well_formed(&[1, 0, 0, 5, 0, 5]));
        assert!(!Fingerprint::well_formed(&[1, 0, u32::MAX, u32::MAX]));
        assert!(!Fingerprint::well_formed(&[1, 0]));
    }

    #[test]
    fn chinese_and_japanese_characters_are_words() {
        let shingles = |text: &str| {
            let mut words = Vec::new();
            super::words(text, |h| words.push(h));
            words.windows(SHINGLE).map(shingle).collect::<std::collections::HashSet<u32>>()
        };
        let plain = shingles("把一天的工作分成若干个二十五分钟的时段，每个时段只做一件事。");
        let bold = shingles("把一天的工作分成若干个**二十五分钟**的时段，每个时段只做一件事。");
        assert!(plain.intersection(&bold).count() * 10 >= plain.len() * 8);
        let kana = shingles("ノートを開いてから、リンクを貼ります。");
        assert!(kana.len() > 10);
    }

    #[test]
    fn tiny_bodies() {
        assert_eq!(fingerprint("").size(), 0);
        assert_eq!(fingerprint("").signature(), None);
        assert_eq!(fingerprint("hello").size(), 1);
        assert!(fingerprint("hello").signature().is_some());
    }

    #[test]
    fn long_bodies_keep_a_consistent_sample() {
        let short = fingerprint(&distinct_words(0..100));
        assert_eq!((short.level(), short.sample().len(), short.size()), (0, 98, 98));
        let long = fingerprint(&distinct_words(0..2000));
        let longer = fingerprint(&distinct_words(0..4000));
        // 1,998 shingles, estimated from the sample.
        assert!((1500..2500).contains(&long.size()), "{}", long.size());
        assert!(long.level() > 0 && longer.level() > long.level());
        for f in [&long, &longer] {
            assert!(f.sample().len() <= SAMPLE && f.sample().len() > SAMPLE / 4, "{}", f.sample().len());
        }
        // Cut to the higher level, the longer body's sample holds all of
        // the shorter one's: the samples agree on every shingle they share.
        let cut = below(long.sample(), longer.level());
        assert!(!cut.is_empty() && cut.iter().all(|h| longer.sample().contains(h)));
        assert_eq!(below(&[1, 2, u32::MAX], 0), [1, 2, u32::MAX]);
        assert_eq!(below(&[1, 2, 1 << 31], 1), [1, 2]);
    }
}
