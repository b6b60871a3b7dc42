//! TOML frontmatter (between `+++` lines, as Hugo writes it) and JSON
//! frontmatter (an object at the start of the file), read into the same
//! fields as YAML, with the position of every key and value.

use super::{Block, Field, ScalarStyle, Value, ValueKind, YamlError};
use vaultlint_core::diagnostic::Span;

/// The span of the bytes `range` of a block's text, in the file.
fn span_in(block: &Block, range: std::ops::Range<usize>) -> Span {
    Span::new(block.yaml_start + range.start, range.len())
}

fn scalar(text: String, quoted: bool, span: Span) -> Value {
    let style = if quoted { ScalarStyle::Quoted } else { ScalarStyle::Plain };
    Value { kind: ValueKind::Scalar { text: text.into(), style }, span }
}

/// The top-level keys of TOML frontmatter.
pub fn parse_toml(text: &str, block: &Block) -> Result<Vec<Field>, YamlError> {
    use toml::de::{DeTable, DeValue};
    let inner = &text[block.yaml_start..block.yaml_end];
    let at = |span: std::ops::Range<usize>| span_in(block, span);
    let table = DeTable::parse(inner).map_err(|e| {
        let span = e.span().map_or(at(0..0), &at);
        YamlError {
            message: format!("frontmatter is not valid TOML: {}", e.message().trim()),
            span,
            label: "here".into(),
            tabbed: None,
        }
    })?;
    fn value(v: &toml::Spanned<DeValue>, at: &dyn Fn(std::ops::Range<usize>) -> Span) -> Value {
        let span = at(v.span());
        match v.get_ref() {
            DeValue::String(s) => scalar(s.to_string(), true, span),
            DeValue::Integer(i) => scalar(i.to_string(), false, span),
            DeValue::Float(f) => scalar(f.to_string(), false, span),
            DeValue::Boolean(b) => scalar(b.to_string(), false, span),
            // A date, unquoted in TOML, reads as the date it says.
            DeValue::Datetime(d) => scalar(d.to_string(), true, span),
            DeValue::Array(items) => {
                Value { kind: ValueKind::Seq(items.iter().map(|i| value(i, at)).collect()), span }
            }
            DeValue::Table(_) => Value { kind: ValueKind::Map, span },
        }
    }
    let mut fields: Vec<Field> = table
        .get_ref()
        .iter()
        .map(|(key, v)| Field {
            key: Box::from(&**key.get_ref()),
            key_span: at(key.span()),
            value: value(v, &at),
        })
        .collect();
    fields.sort_by_key(|f| f.key_span.offset());
    Ok(fields)
}

/// Where the JSON object that opens `text` (after `from`) ends: just past
/// its closing brace; `None` when it does not close.
pub fn json_end(text: &str, from: usize) -> Option<usize> {
    let (mut depth, mut string, mut escaped) = (0usize, false, false);
    for (i, b) in text.bytes().enumerate().skip(from) {
        match b {
            _ if escaped => escaped = false,
            b'\\' if string => escaped = true,
            b'"' => string = !string,
            b'{' | b'[' if !string => depth += 1,
            b'}' | b']' if !string => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The top-level keys of JSON frontmatter. Nested values keep the span of
/// the whole value.
pub fn parse_json(text: &str, block: &Block) -> Result<Vec<Field>, YamlError> {
    let inner = &text[block.yaml_start..block.yaml_end];
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(inner).map_err(|e| {
        // The error's line, as serde_json counts them (at `\n` alone): it
        // points at the line's start.
        let line = e.line().saturating_sub(1);
        let start =
            if line == 0 { Some(0) } else { inner.match_indices('\n').nth(line - 1).map(|(i, _)| i + 1) };
        let span = span_in(block, start.unwrap_or(0)..start.unwrap_or(0));
        YamlError {
            message: format!("frontmatter is not valid JSON: {e}"),
            span,
            label: "here".into(),
            tabbed: None,
        }
    })?;
    let mut fields = Vec::new();
    for (key, key_range, value_range) in top_level(inner) {
        let Some(v) = object.get(&key) else { continue };
        let span = span_in(block, value_range);
        fields.push(Field {
            key: key.into(),
            key_span: span_in(block, key_range),
            value: json_value(v, span),
        });
    }
    Ok(fields)
}

fn json_value(v: &serde_json::Value, span: Span) -> Value {
    use serde_json::Value as J;
    match v {
        J::Null => scalar(String::new(), false, span),
        J::String(s) => scalar(s.clone(), true, span),
        J::Bool(b) => scalar(b.to_string(), false, span),
        J::Number(n) => scalar(n.to_string(), false, span),
        J::Array(items) => {
            Value { kind: ValueKind::Seq(items.iter().map(|i| json_value(i, span)).collect()), span }
        }
        J::Object(_) => Value { kind: ValueKind::Map, span },
    }
}

/// Each top-level key of a JSON object, with the byte ranges of the key
/// (inside its quotes) and of its value.
fn top_level(object: &str) -> Vec<(String, std::ops::Range<usize>, std::ops::Range<usize>)> {
    let bytes = object.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut i) = (0usize, 0usize);
    let mut key: Option<(String, std::ops::Range<usize>)> = None;
    let mut value_start = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if depth == 1 && value_start.is_none() && key.is_none() {
                    let raw = &object[start..=i.min(bytes.len() - 1)];
                    let name = serde_json::from_str::<String>(raw).unwrap_or_default();
                    key = Some((name, start + 1..i));
                }
            }
            b':' if depth == 1 && key.is_some() && value_start.is_none() => {
                let rest = &object[i + 1..];
                value_start = Some(i + 1 + rest.len() - rest.trim_start().len());
            }
            b'{' | b'[' => depth += 1,
            b',' | b'}' if depth == 1 => {
                if let (Some((name, range)), Some(start)) = (key.take(), value_start.take()) {
                    let end = start + object[start..i].trim_end().len();
                    out.push((name, range, start..end));
                }
                if bytes[i] == b'}' {
                    depth -= 1;
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    out
}
