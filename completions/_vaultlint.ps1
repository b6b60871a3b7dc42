
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'vaultlint' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'vaultlint'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'vaultlint' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Validate supersession declarations, statuses, dates and links to retired notes')
            [CompletionResult]::new('suggest', 'suggest', [CompletionResultType]::ParameterValue, 'Rank pairs of notes that look like two versions of one document')
            [CompletionResult]::new('lineage', 'lineage', [CompletionResultType]::ParameterValue, 'Show a note''s versions, oldest to newest, and which one is in force')
            [CompletionResult]::new('graph', 'graph', [CompletionResultType]::ParameterValue, 'Draw the supersession graph, current notes and broken declarations marked')
            [CompletionResult]::new('rule', 'rule', [CompletionResultType]::ParameterValue, 'Explain a rule: what it catches, why it matters, an example, and how to fix it')
            [CompletionResult]::new('server', 'server', [CompletionResultType]::ParameterValue, 'Run as a language server over stdio, for editors')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Remove the cache of warm runs')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'vaultlint;check' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The vault root, when PATH names notes or subfolders')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out paths matching this glob (relative to the vault root); repeatable')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output-format', '--output-format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--as-of', '--as-of', [CompletionResultType]::ParameterName, 'Judge dates as of this day, YYYY-MM-DD (default: today)')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Use only these rules: codes or families (declarations, lifecycle, links, versions, files, suppressions), comma-separated, or `all`; beats `select` in the config')
            [CompletionResult]::new('--extend-select', '--extend-select', [CompletionResultType]::ParameterName, 'Use these rules as well as those selected')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Do not use these rules')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the output to FILE instead of standard output')
            [CompletionResult]::new('--output-file', '--output-file', [CompletionResultType]::ParameterName, 'Write the output to FILE instead of standard output')
            [CompletionResult]::new('--baseline', '--baseline', [CompletionResultType]::ParameterName, 'Report only the findings FILE does not hold, and list its entries that no longer match')
            [CompletionResult]::new('--write-baseline', '--write-baseline', [CompletionResultType]::ParameterName, 'Record the findings in FILE for --baseline; with --baseline, keep only the entries still found')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'With `-` as the PATH: check the text on standard input as the note at PATH, against the rest of the vault on disk (for editors). With --fix, print the fixed text; write nothing')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Read every note afresh, and neither read nor write the cache')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Exit with status 1 on warnings too')
            [CompletionResult]::new('--statistics', '--statistics', [CompletionResultType]::ParameterName, 'Print the number of findings per code instead of the findings (with --format full, concise or json)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print the findings only, without the summary line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print the findings only, without the summary line')
            [CompletionResult]::new('--show-all', '--show-all', [CompletionResultType]::ParameterName, 'In the default format, show every finding: past 50, each code shows its first 10 and counts the rest')
            [CompletionResult]::new('--no-suggest', '--no-suggest', [CompletionResultType]::ParameterName, 'Skip the similarity pass (no suspected-version findings)')
            [CompletionResult]::new('--no-git', '--no-git', [CompletionResultType]::ParameterName, 'Do not read the git history to tell which version is older')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Make the safe fixes (links to retired notes pointed at the current version, declarations in the form read), then report what is left')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Print the edits --fix would make as unified diffs; write nothing')
            [CompletionResult]::new('--unsafe-fixes', '--unsafe-fixes', [CompletionResultType]::ParameterName, 'With --fix or --diff, make the unsafe fixes too (a link in a daily note or a release copy, a declaration pointed past a version); the counts and JSON output include them')
            [CompletionResult]::new('--show-fixes', '--show-fixes', [CompletionResultType]::ParameterName, 'List each fix --fix made, or would make, with its line and code')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit 0 even when findings fail the run (a usage or fatal error still exits 2)')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;suggest' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The vault root, when PATH names notes or subfolders')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out paths matching this glob (relative to the vault root); repeatable')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output-format', '--output-format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--min-score', '--min-score', [CompletionResultType]::ParameterName, 'Leave out pairs scoring below this, 0 to 1 (default: 0.5); 0 also lists, each with its reason, the pairs any other value leaves out: joined by text alone with nothing to order them, kept up together, one text filed in two folders, two variants of one name')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Show at most this many pairs (1 or more)')
            [CompletionResult]::new('--dismiss', '--dismiss', [CompletionResultType]::ParameterName, 'Record that notes A and B are not versions of one another, so they are never suggested again')
            [CompletionResult]::new('--link-style', '--link-style', [CompletionResultType]::ParameterName, 'How a written successor names its note (default: the vault''s own convention, else path)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Read every note afresh, and neither read nor write the cache')
            [CompletionResult]::new('--no-git', '--no-git', [CompletionResultType]::ParameterName, 'Do not read the git history to tell which version is older')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print the pairs only, without the summary line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print the pairs only, without the summary line')
            [CompletionResult]::new('--apply', '--apply', [CompletionResultType]::ParameterName, 'Review the pairs one at a time in the terminal and write each decision')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Apply every pair whose direction is confident and whose score is at least --min-score, without asking, and print what changed')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the unified diff of every edit --yes would make; write nothing')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;lineage' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The vault root, when NOTE is inside a vault that has no marker')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out paths matching this glob (relative to the vault root); repeatable')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: full for notes, json with --all]')
            [CompletionResult]::new('--output-format', '--output-format', [CompletionResultType]::ParameterName, 'Output format [default: full for notes, json with --all]')
            [CompletionResult]::new('--as-of', '--as-of', [CompletionResultType]::ParameterName, 'Say which note is in force on this day, YYYY-MM-DD (default: today)')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'With --all: the map for one scope, e.g. region=emea (repeatable, one value per key)')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'With --all, in a git work tree: print the changes since the commit REF, one event per note (added, retired, reinstated, corrected, moved, removed), instead of the map')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every note: whether it is in force and what to read instead (use with --format json)')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Read every note afresh, and neither read nor write the cache')
            [CompletionResult]::new('--verdict-suspected', '--verdict-suspected', [CompletionResultType]::ParameterName, 'With --all: count two notes in force that look like versions of one another, with neither declared, as a conflict (runs the similarity pass)')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;graph' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The vault root, when PATH names notes or subfolders')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out paths matching this glob (relative to the vault root); repeatable')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output-format', '--output-format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--as-of', '--as-of', [CompletionResultType]::ParameterName, 'Mark the notes in force on this day, YYYY-MM-DD (default: today)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Read every note afresh, and neither read nor write the cache')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;rule' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--output-format', '--output-format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'List every rule with its one-line summary')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;server' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;clean' {
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The vault root, when PATH names notes or subfolders')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave out paths matching this glob (relative to the vault root); repeatable')
            [CompletionResult]::new('--cache-dir', '--cache-dir', [CompletionResultType]::ParameterName, 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for walking and parsing (0: one per core)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Use this config file instead of looking for vaultlint.toml')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Read every note afresh, and neither read nor write the cache')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'vaultlint;help' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Validate supersession declarations, statuses, dates and links to retired notes')
            [CompletionResult]::new('suggest', 'suggest', [CompletionResultType]::ParameterValue, 'Rank pairs of notes that look like two versions of one document')
            [CompletionResult]::new('lineage', 'lineage', [CompletionResultType]::ParameterValue, 'Show a note''s versions, oldest to newest, and which one is in force')
            [CompletionResult]::new('graph', 'graph', [CompletionResultType]::ParameterValue, 'Draw the supersession graph, current notes and broken declarations marked')
            [CompletionResult]::new('rule', 'rule', [CompletionResultType]::ParameterValue, 'Explain a rule: what it catches, why it matters, an example, and how to fix it')
            [CompletionResult]::new('server', 'server', [CompletionResultType]::ParameterValue, 'Run as a language server over stdio, for editors')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Remove the cache of warm runs')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'vaultlint;help;check' {
            break
        }
        'vaultlint;help;suggest' {
            break
        }
        'vaultlint;help;lineage' {
            break
        }
        'vaultlint;help;graph' {
            break
        }
        'vaultlint;help;rule' {
            break
        }
        'vaultlint;help;server' {
            break
        }
        'vaultlint;help;clean' {
            break
        }
        'vaultlint;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
