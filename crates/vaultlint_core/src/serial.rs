//! Serde helpers for the byte strings vaultlint stores: lists of 32-bit
//! hashes and counting tables are kept as their bytes, read and written in
//! one piece.

/// Lists of 32-bit hashes stored as their bytes: a note's signature and
/// sample are most of what the cache holds, and bytes are copied, not
/// decoded.
pub mod words {
    use serde::{Deserializer, Serializer};

    // Word by word, into a buffer made at its size.
    pub fn serialize<S: Serializer>(words: &[u32], serializer: S) -> Result<S::Ok, S::Error> {
        let mut bytes = vec![0u8; words.len() * 4];
        for (to, word) in bytes.chunks_exact_mut(4).zip(words) {
            to.copy_from_slice(&word.to_le_bytes());
        }
        serializer.serialize_bytes(&bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Box<[u32]>, D::Error> {
        deserializer.deserialize_bytes(super::Bytes(|bytes: &[u8]| {
            if !bytes.len().is_multiple_of(4) {
                return None;
            }
            let mut words = vec![0u32; bytes.len() / 4];
            for (word, from) in words.iter_mut().zip(bytes.chunks_exact(4)) {
                *word = u32::from_le_bytes(from.try_into().expect("4 bytes"));
            }
            Some(words.into_boxed_slice())
        }))
    }
}

/// A byte string stored whole, not byte by byte: a counting table is
/// millions of them.
pub mod bytes {
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        deserializer.deserialize_bytes(super::Bytes(|bytes: &[u8]| Some(bytes.to_vec())))
    }
}

/// Reads a byte string with `read`, which rejects it with `None`.
struct Bytes<F>(F);

impl<'de, T, F: FnOnce(&[u8]) -> Option<T>> serde::de::Visitor<'de> for Bytes<F> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("bytes")
    }

    fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        (self.0)(bytes).ok_or_else(|| E::custom("malformed bytes"))
    }
}
