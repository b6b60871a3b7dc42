//! When each note was first committed, from one `git log` over the whole
//! vault (never one call per file).

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};

/// Vault-relative path to the Unix time of the commit that added it.
/// Empty when the vault is not in a git work tree or git is not installed.
pub fn first_commits(root: &Path) -> HashMap<String, i64> {
    let output = Command::new("git")
        .current_dir(root)
        .args(["log", "--format=format:%x01%ct", "--name-only", "--diff-filter=A", "--no-renames"])
        .args(["--relative", "-z", "--", "."])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output();
    match output {
        Ok(out) if out.status.success() => parse(&String::from_utf8_lossy(&out.stdout)),
        _ => HashMap::new(),
    }
}

/// Reads `\x01<time>\n<path>\0<path>\0...` per commit, newest first, so
/// the last time seen for a path is when it was first added.
fn parse(log: &str) -> HashMap<String, i64> {
    let mut times = HashMap::new();
    for commit in log.split('\x01') {
        let Some((time, paths)) = commit.split_once('\n') else { continue };
        let Ok(time) = time.trim().parse::<i64>() else { continue };
        for path in paths.split('\0').filter(|p| !p.is_empty()) {
            times.insert(path.to_string(), time);
        }
    }
    times
}

#[cfg(test)]
mod tests {
    #[test]
    fn oldest_add_wins() {
        let log = "\x011796213803\nd.md\0b c.md\0\0\x011700000000\nb c.md\0";
        let times = super::parse(log);
        assert_eq!(times["b c.md"], 1_700_000_000);
        assert_eq!(times["d.md"], 1_796_213_803);
    }
}
