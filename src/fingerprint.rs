//! What a note's body looks like to the version detector: the set of its
//! word shingles (hashed) and its heading outline.

/// Words per shingle.
const SHINGLE: usize = 3;
/// Only this much of a body is fingerprinted, which bounds the time and
/// memory a huge note costs; versions differ well before this.
pub const MAX_FINGERPRINT_BYTES: usize = 1 << 20;
/// Stands for every run of digits, so that a changed number leaves the
/// shingles around it alone.
const NUMBER: u64 = 0x9e37_79b9_7f4a_7c15;

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Fingerprint {
    /// Hashes of the body's word shingles, sorted, without repeats.
    #[serde(with = "crate::cache::words")]
    pub shingles: Vec<u32>,
    /// Hashes of the normalised headings, sorted, without repeats.
    #[serde(with = "crate::cache::words")]
    pub headings: Vec<u32>,
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
            self.h = (self.h ^ self.acc).wrapping_mul(0x9fb2_1c65_1e98_df25).rotate_left(29);
            self.acc = 0;
        }
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
            if b.is_ascii_alphabetic() {
                word.push(b | 0x20);
            } else if let Some(h) = word.take() {
                each(h);
            }
            i += 1;
            continue;
        }
        let c = text[i..].chars().next().expect("a char starts here");
        i += c.len_utf8();
        if c.is_alphanumeric() {
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

/// Fingerprints a note's body (the text after its frontmatter).
pub fn fingerprint(body: &str) -> Fingerprint {
    let body = crate::text::prefix(body, MAX_FINGERPRINT_BYTES);
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
    shingles.sort_unstable();
    shingles.dedup();
    shingles.shrink_to_fit();
    let mut headings: Vec<u32> = outline(body).map(|h| h as u32).collect();
    headings.sort_unstable();
    headings.dedup();
    Fingerprint { shingles, headings }
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
        let key = crate::names::normalize(text).key;
        (!key.is_empty()).then(|| mix(key.bytes().fold(FNV_SEED, fnv)))
    })
}

/// Jaccard similarity of two sorted sets without repeats, and the size of
/// their intersection.
pub fn jaccard(a: &[u32], b: &[u32]) -> (f64, usize) {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - shared;
    (if union == 0 { 0.0 } else { shared as f64 / union as f64 }, shared)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_do_not_break_shingles() {
        let a = fingerprint("The daily allowance is 45 EUR per day.");
        let b = fingerprint("The DAILY allowance is 50 EUR per day!");
        assert_eq!(a, b);
        let c = fingerprint("The daily allowance is fifty EUR per day.");
        assert!(jaccard(&a.shingles, &c.shingles).0 < 0.5);
    }

    #[test]
    fn headings_outside_fences() {
        let f = fingerprint(
            "# Title\n## Limits 2025\n```\n# not a heading\n```\n#hashtag\n## Limits (2026)\n## Scope\n",
        );
        assert_eq!(f.headings.len(), 3);
    }

    #[test]
    fn tiny_bodies() {
        assert_eq!(fingerprint("").shingles.len(), 0);
        assert_eq!(fingerprint("hello").shingles.len(), 1);
        assert_eq!(jaccard(&[1, 2, 3], &[2, 3, 4]), (0.5, 2));
    }
}
