//! The language server: vaultlint's findings as diagnostics, and its fixes
//! as code actions, for any editor that speaks the Language Server
//! Protocol.

pub mod server;
