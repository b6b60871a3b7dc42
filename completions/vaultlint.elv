
use builtin;
use str;

set edit:completion:arg-completer[vaultlint] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'vaultlint'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'vaultlint'= {
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand check 'Validate supersession declarations, statuses, dates and links to retired notes'
            cand suggest 'Rank pairs of notes that look like two versions of one document'
            cand lineage 'Show a note''s versions, oldest to newest, and which one is in force'
            cand graph 'Draw the supersession graph, current notes and broken declarations marked'
            cand rule 'Explain a rule: what it catches, why it matters, an example, and how to fix it'
            cand server 'Run as a language server over stdio, for editors'
            cand clean 'Remove the cache of warm runs'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'vaultlint;check'= {
            cand --root 'The vault root, when PATH names notes or subfolders'
            cand --exclude 'Leave out paths matching this glob (relative to the vault root); repeatable'
            cand --cache-dir 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)'
            cand --format 'Output format'
            cand --output-format 'Output format'
            cand --as-of 'Judge dates as of this day, YYYY-MM-DD (default: today)'
            cand --select 'Use only these rules: codes or families (declarations, lifecycle, links, versions, files, suppressions), comma-separated, or `all`; beats `select` in the config'
            cand --extend-select 'Use these rules as well as those selected'
            cand --ignore 'Do not use these rules'
            cand -o 'Write the output to FILE instead of standard output'
            cand --output-file 'Write the output to FILE instead of standard output'
            cand --baseline 'Report only the findings FILE does not hold, and list its entries that no longer match'
            cand --write-baseline 'Record the findings in FILE for --baseline; with --baseline, keep only the entries still found'
            cand --stdin-filename 'With `-` as the PATH: check the text on standard input as the note at PATH, against the rest of the vault on disk (for editors). With --fix, print the fixed text; write nothing'
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --no-cache 'Read every note afresh, and neither read nor write the cache'
            cand --strict 'Exit with status 1 on warnings too'
            cand --statistics 'Print the number of findings per code instead of the findings (with --format full, concise or json)'
            cand -q 'Print the findings only, without the summary line'
            cand --quiet 'Print the findings only, without the summary line'
            cand --show-all 'In the default format, show every finding: past 50, each code shows its first 10 and counts the rest'
            cand --no-suggest 'Skip the similarity pass (no suspected-version findings)'
            cand --no-git 'Do not read the git history to tell which version is older'
            cand --fix 'Make the safe fixes (links to retired notes pointed at the current version, declarations in the form read), then report what is left'
            cand --diff 'Print the edits --fix would make as unified diffs; write nothing'
            cand --unsafe-fixes 'With --fix or --diff, make the unsafe fixes too (a link in a daily note or a release copy, a declaration pointed past a version); the counts and JSON output include them'
            cand --show-fixes 'List each fix --fix made, or would make, with its line and code'
            cand --exit-zero 'Exit 0 even when findings fail the run (a usage or fatal error still exits 2)'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;suggest'= {
            cand --root 'The vault root, when PATH names notes or subfolders'
            cand --exclude 'Leave out paths matching this glob (relative to the vault root); repeatable'
            cand --cache-dir 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)'
            cand --format 'Output format'
            cand --output-format 'Output format'
            cand --min-score 'Leave out pairs scoring below this, 0 to 1 (default: 0.5); 0 also lists, each with its reason, the pairs any other value leaves out: joined by text alone with nothing to order them, kept up together, one text filed in two folders, two variants of one name'
            cand --limit 'Show at most this many pairs (1 or more)'
            cand --dismiss 'Record that notes A and B are not versions of one another, so they are never suggested again'
            cand --link-style 'How a written successor names its note (default: the vault''s own convention, else path)'
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --no-cache 'Read every note afresh, and neither read nor write the cache'
            cand --no-git 'Do not read the git history to tell which version is older'
            cand -q 'Print the pairs only, without the summary line'
            cand --quiet 'Print the pairs only, without the summary line'
            cand --apply 'Review the pairs one at a time in the terminal and write each decision'
            cand --yes 'Apply every pair whose direction is confident and whose score is at least --min-score, without asking, and print what changed'
            cand --dry-run 'Print the unified diff of every edit --yes would make; write nothing'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;lineage'= {
            cand --root 'The vault root, when NOTE is inside a vault that has no marker'
            cand --exclude 'Leave out paths matching this glob (relative to the vault root); repeatable'
            cand --cache-dir 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)'
            cand --format 'Output format [default: full for notes, json with --all]'
            cand --output-format 'Output format [default: full for notes, json with --all]'
            cand --as-of 'Say which note is in force on this day, YYYY-MM-DD (default: today)'
            cand --scope 'With --all: the map for one scope, e.g. region=emea (repeatable, one value per key)'
            cand --since 'With --all, in a git work tree: print the changes since the commit REF, one event per note (added, retired, reinstated, corrected, moved, removed), instead of the map'
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --all 'Every note: whether it is in force and what to read instead (use with --format json)'
            cand --no-cache 'Read every note afresh, and neither read nor write the cache'
            cand --verdict-suspected 'With --all: count two notes in force that look like versions of one another, with neither declared, as a conflict (runs the similarity pass)'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;graph'= {
            cand --root 'The vault root, when PATH names notes or subfolders'
            cand --exclude 'Leave out paths matching this glob (relative to the vault root); repeatable'
            cand --cache-dir 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)'
            cand --format 'Output format'
            cand --output-format 'Output format'
            cand --as-of 'Mark the notes in force on this day, YYYY-MM-DD (default: today)'
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --no-cache 'Read every note afresh, and neither read nor write the cache'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;rule'= {
            cand --format 'Output format'
            cand --output-format 'Output format'
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --all 'List every rule with its one-line summary'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;server'= {
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;clean'= {
            cand --root 'The vault root, when PATH names notes or subfolders'
            cand --exclude 'Leave out paths matching this glob (relative to the vault root); repeatable'
            cand --cache-dir 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)'
            cand --color 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never'
            cand -j 'Worker threads for walking and parsing (0: one per core)'
            cand --threads 'Worker threads for walking and parsing (0: one per core)'
            cand --config 'Use this config file instead of looking for vaultlint.toml'
            cand --no-cache 'Read every note afresh, and neither read nor write the cache'
            cand --isolated 'Ignore every config file'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'vaultlint;help'= {
            cand check 'Validate supersession declarations, statuses, dates and links to retired notes'
            cand suggest 'Rank pairs of notes that look like two versions of one document'
            cand lineage 'Show a note''s versions, oldest to newest, and which one is in force'
            cand graph 'Draw the supersession graph, current notes and broken declarations marked'
            cand rule 'Explain a rule: what it catches, why it matters, an example, and how to fix it'
            cand server 'Run as a language server over stdio, for editors'
            cand clean 'Remove the cache of warm runs'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'vaultlint;help;check'= {
        }
        &'vaultlint;help;suggest'= {
        }
        &'vaultlint;help;lineage'= {
        }
        &'vaultlint;help;graph'= {
        }
        &'vaultlint;help;rule'= {
        }
        &'vaultlint;help;server'= {
        }
        &'vaultlint;help;clean'= {
        }
        &'vaultlint;help;help'= {
        }
    ]
    $completions[$command]
}
