# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_vaultlint_global_optspecs
    string join \n color= j/threads= config= isolated h/help V/version
end

function __fish_vaultlint_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_vaultlint_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_vaultlint_using_subcommand
    set -l cmd (__fish_vaultlint_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c vaultlint -n "__fish_vaultlint_needs_command" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_needs_command" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_needs_command" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_needs_command" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "check" -d 'Validate supersession declarations, statuses, dates and links to retired notes'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "suggest" -d 'Rank pairs of notes that look like two versions of one document'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "lineage" -d 'Show a note\'s versions, oldest to newest, and which one is in force'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "graph" -d 'Draw the supersession graph, current notes and broken declarations marked'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "rule" -d 'Explain a rule: what it catches, why it matters, an example, and how to fix it'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "server" -d 'Run as a language server over stdio, for editors'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "clean" -d 'Remove the cache of warm runs'
complete -c vaultlint -n "__fish_vaultlint_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l root -d 'The vault root, when PATH names notes or subfolders' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l exclude -d 'Leave out paths matching this glob (relative to the vault root); repeatable' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l cache-dir -d 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l format -l output-format -d 'Output format' -r -f -a "full\t'Graphical reports with the frontmatter snippet, then a summary'
concise\t'One line per finding: path:line:col: severity[code] message'
json\t'One JSON object (schema in the book: docs/)'
github\t'GitHub Actions workflow commands, shown as annotations'
sarif\t'SARIF 2.1.0, for GitHub code scanning and other dashboards'"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l as-of -d 'Judge dates as of this day, YYYY-MM-DD (default: today)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l select -d 'Use only these rules: codes or families (declarations, lifecycle, links, versions, files, suppressions), comma-separated, or `all`; beats `select` in the config' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l extend-select -d 'Use these rules as well as those selected' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l ignore -d 'Do not use these rules' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -s o -l output-file -d 'Write the output to FILE instead of standard output' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l baseline -d 'Report only the findings FILE does not hold, and list its entries that no longer match' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l write-baseline -d 'Record the findings in FILE for --baseline; with --baseline, keep only the entries still found' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l stdin-filename -d 'With `-` as the PATH: check the text on standard input as the note at PATH, against the rest of the vault on disk (for editors). With --fix, print the fixed text; write nothing' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l no-cache -d 'Read every note afresh, and neither read nor write the cache'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l strict -d 'Exit with status 1 on warnings too'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l statistics -d 'Print the number of findings per code instead of the findings (with --format full, concise or json)'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -s q -l quiet -d 'Print the findings only, without the summary line'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l show-all -d 'In the default format, show every finding: past 50, each code shows its first 10 and counts the rest'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l no-suggest -d 'Skip the similarity pass (no suspected-version findings)'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l no-git -d 'Do not read the git history to tell which version is older'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l fix -d 'Make the safe fixes (links to retired notes pointed at the current version, declarations in the form read), then report what is left'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l diff -d 'Print the edits --fix would make as unified diffs; write nothing'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l unsafe-fixes -d 'With --fix or --diff, make the unsafe fixes too (a link in a daily note or a release copy, a declaration pointed past a version); the counts and JSON output include them'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l show-fixes -d 'List each fix --fix made, or would make, with its line and code'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l exit-zero -d 'Exit 0 even when findings fail the run (a usage or fatal error still exits 2)'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand check" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l root -d 'The vault root, when PATH names notes or subfolders' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l exclude -d 'Leave out paths matching this glob (relative to the vault root); repeatable' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l cache-dir -d 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l format -l output-format -d 'Output format' -r -f -a "full\t'Each pair with its evidence and the lines that differ'
json\t'One JSON object (schema in the book: docs/)'"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l min-score -d 'Leave out pairs scoring below this, 0 to 1 (default: 0.5); 0 also lists, each with its reason, the pairs any other value leaves out: joined by text alone with nothing to order them, kept up together, one text filed in two folders, two variants of one name' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l limit -d 'Show at most this many pairs (1 or more)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l dismiss -d 'Record that notes A and B are not versions of one another, so they are never suggested again' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l link-style -d 'How a written successor names its note (default: the vault\'s own convention, else path)' -r -f -a "path\t'The path from the vault root, with `.md`'
wikilink\t'A quoted wikilink, with its folder where the bare name is ambiguous'
wikilink-path\t'A quoted wikilink with the note\'s path from the vault root'"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l no-cache -d 'Read every note afresh, and neither read nor write the cache'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l no-git -d 'Do not read the git history to tell which version is older'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -s q -l quiet -d 'Print the pairs only, without the summary line'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l apply -d 'Review the pairs one at a time in the terminal and write each decision'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l yes -d 'Apply every pair whose direction is confident and whose score is at least --min-score, without asking, and print what changed'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l dry-run -d 'Print the unified diff of every edit --yes would make; write nothing'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand suggest" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l root -d 'The vault root, when NOTE is inside a vault that has no marker' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l exclude -d 'Leave out paths matching this glob (relative to the vault root); repeatable' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l cache-dir -d 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l format -l output-format -d 'Output format [default: full for notes, json with --all]' -r -f -a "full\t'A numbered table of each note\'s versions, oldest first'
json\t'One JSON object (schema in the book: docs/)'
jsonl\t'With --all: one JSON object a line, a note each, to stream'
ignore\t'With --all: the notes out of force as an ignore file (gitignore syntax), for tools that skip what such a file lists'"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l as-of -d 'Say which note is in force on this day, YYYY-MM-DD (default: today)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l scope -d 'With --all: the map for one scope, e.g. region=emea (repeatable, one value per key)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l since -d 'With --all, in a git work tree: print the changes since the commit REF, one event per note (added, retired, reinstated, corrected, moved, removed), instead of the map' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l all -d 'Every note: whether it is in force and what to read instead (use with --format json)'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l no-cache -d 'Read every note afresh, and neither read nor write the cache'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l verdict-suspected -d 'With --all: count two notes in force that look like versions of one another, with neither declared, as a conflict (runs the similarity pass)'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand lineage" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l root -d 'The vault root, when PATH names notes or subfolders' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l exclude -d 'Leave out paths matching this glob (relative to the vault root); repeatable' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l cache-dir -d 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l format -l output-format -d 'Output format' -r -f -a "dot\t'Graphviz DOT (`vaultlint graph | dot -Tsvg > graph.svg`)'
mermaid\t'A Mermaid flowchart, for a README or a review'"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l as-of -d 'Mark the notes in force on this day, YYYY-MM-DD (default: today)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l no-cache -d 'Read every note afresh, and neither read nor write the cache'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand graph" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -l format -l output-format -d 'Output format' -r -f -a "full\t'The rule\'s explanation as text'
json\t'One JSON object'"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -l all -d 'List every rule with its one-line summary'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand rule" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand server" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand server" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand server" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand server" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand server" -s h -l help -d 'Print help'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand server" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l root -d 'The vault root, when PATH names notes or subfolders' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l exclude -d 'Leave out paths matching this glob (relative to the vault root); repeatable' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l cache-dir -d 'Keep the cache of warm runs in DIR (default: .vaultlint_cache at the vault root)' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l color -d 'When to use colour: auto (a terminal, and NO_COLOR unset), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -s j -l threads -d 'Worker threads for walking and parsing (0: one per core)' -r
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l config -d 'Use this config file instead of looking for vaultlint.toml' -r -F
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l no-cache -d 'Read every note afresh, and neither read nor write the cache'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -l isolated -d 'Ignore every config file'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -s h -l help -d 'Print help'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand clean" -s V -l version -d 'Print version'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "check" -d 'Validate supersession declarations, statuses, dates and links to retired notes'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "suggest" -d 'Rank pairs of notes that look like two versions of one document'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "lineage" -d 'Show a note\'s versions, oldest to newest, and which one is in force'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "graph" -d 'Draw the supersession graph, current notes and broken declarations marked'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "rule" -d 'Explain a rule: what it catches, why it matters, an example, and how to fix it'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "server" -d 'Run as a language server over stdio, for editors'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "clean" -d 'Remove the cache of warm runs'
complete -c vaultlint -n "__fish_vaultlint_using_subcommand help; and not __fish_seen_subcommand_from check suggest lineage graph rule server clean help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
