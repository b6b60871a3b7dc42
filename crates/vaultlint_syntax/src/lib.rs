//! One note, read from its bytes: the frontmatter with the positions of its
//! keys and values, the Markdown body, links, names and version markers,
//! suppression comments, scopes, splices into frontmatter, and the
//! fingerprint the similarity pass compares.
//!
//! Nothing here touches the file system except [`prints`], which may keep
//! a large vault's fingerprints in an anonymous scratch file.

pub mod banner;
pub mod fingerprint;
pub mod frontmatter;
pub mod keys;
pub mod link;
pub mod markdown;
pub mod names;
pub mod note;
pub mod prints;
pub mod scope;
pub mod splice;
pub mod suppression;
pub mod template;
