//! `vaultlint graph`: the supersession graph, with every note's standing
//! on the as-of day, for `output::graph` to draw.

use crate::settings::{Settings, SettingsError};
use vaultlint_model::graph::Graph;
use vaultlint_model::lifecycle::Lifecycle;
use vaultlint_model::vault::Vault;

/// What `graph` draws: the vault, its supersession graph and each note's
/// lifecycle.
pub struct Drawn {
    pub vault: Vault,
    pub graph: Graph,
    pub life: Lifecycle,
}

pub fn run(settings: &Settings) -> Result<Drawn, SettingsError> {
    let vault =
        super::load(settings, settings.reading(false, false, false), &vaultlint_core::progress::Silent)?
            .vault;
    let graph = Graph::build(&vault);
    let life = Lifecycle::new(&vault, &graph, settings.rules.as_of);
    Ok(Drawn { vault, graph, life })
}
