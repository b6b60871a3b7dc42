# Type stubs of the compiled module (crates/vaultlint_python).
from collections.abc import Sequence

__version__: str

class VaultlintError(Exception):
    """A run of vaultlint failed; the message is the one the command line prints."""

class UsageError(VaultlintError):
    """A usage or fatal error: a path that cannot be opened, an option's value that is not valid."""

class ConfigError(VaultlintError):
    """A config file that cannot be read or is not valid."""

def command_line(argv: Sequence[str]) -> int: ...
def output(argv: Sequence[str]) -> tuple[str, int]: ...
