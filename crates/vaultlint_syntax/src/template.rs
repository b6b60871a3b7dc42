//! Whether a note is a template, from what can be seen without any
//! settings: where it is (a templates folder at any depth, such as
//! `Templates`, `_templates`, `01 Templates` or `00 Meta/Templates`, Hugo's
//! `archetypes`, a file named `template.md` or `_template.md`, or a short
//! name that ends in the word, such as `Daily Template`, unless the note
//! names itself so in its title or aliases, or the vault keeps its
//! templates in a folder: see `Vault::is_template`) or what it
//! holds (Templater tags, Obsidian's `{{date}}`, `{{time}}` and `{{title}}`
//! placeholders, a frontmatter value that is a placeholder such as Hugo's
//! `{{ .Date }}`). A template's values are placeholders for the notes made
//! from it: it is never a finding and never a version of anything.

/// Folder names (in lower case, after an ordinal such as `01 ` or `00 - `)
/// that hold templates.
const FOLDERS: &[&str] = &["templates", "template", "_templates", "_template"];
/// Hugo's folder of templates for new pages: written so (Hugo reads no
/// other spelling), holding each template as a file or a page bundle. A
/// vault's `Archetypes` folder, or one deeper down, holds notes about
/// archetypes (a game's character classes, Jung's).
const HUGO_ARCHETYPES: &str = "archetypes";
/// File names (without extension, in lower case) of templates.
const FILES: &[&str] = &["template", "_template"];

/// The name without a leading ordinal: `01 Templates` is `Templates`,
/// `99_Archive` is `Archive`, as vaults number their top folders.
pub fn without_ordinal(name: &str) -> &str {
    let rest = name.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == name.len() {
        return name;
    }
    rest.trim_start_matches([' ', '-', '_', '.'])
}

/// Whether the vault-relative `path` is a template's by where it is.
pub fn by_path(path: &str) -> bool {
    by_file_name(path) || in_templates_folder(path)
}

/// Whether `path` is a template's by its file name (`template.md`, `Daily
/// Template`, `{{Value}}.md`), its folders aside.
pub fn by_file_name(path: &str) -> bool {
    let stem = stem(path);
    FILES.iter().any(|f| stem.eq_ignore_ascii_case(f)) || named_template(stem) || placeholder_name(stem)
}

/// The file name of `path` without its extension.
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.rsplit_once('.').map_or(name, |(stem, _)| stem)
}

/// Whether a folder of `path` holds templates.
pub fn in_templates_folder(path: &str) -> bool {
    let templates = |folder: &str| {
        let folder = without_ordinal(folder);
        FOLDERS.iter().any(|f| folder.eq_ignore_ascii_case(f))
    };
    // Dendron files a hierarchy in the note's name, a level between dots
    // (`3-Resources.Templates.meeting.md`): a templates level at the top of
    // the hierarchy, or just below its first, holds templates as a folder
    // does. Deeper, it names a topic (`dendron.topic.templates.handlebars`,
    // a page of the docs about templates).
    let in_level =
        stem(path).rsplit_once('.').is_some_and(|(levels, _)| levels.split('.').take(2).any(templates));
    in_level
        || path
            .split('/')
            .rev()
            .skip(1)
            .enumerate()
            .any(|(up, folder)| (up < 2 && folder == HUGO_ARCHETYPES) || templates(folder))
}

/// Whether `path` is a template's by its file name alone (`Daily
/// Template`), not by its folder or a name that is only `template`: such a
/// note is one about a thing of that name where it names itself so
/// (`title: helm template`, the page of a command; an alias `Codeblock
/// Template`, a plugin's page), which a template, whose title is the
/// notes' made from it, does not.
pub fn by_name_alone(path: &str) -> bool {
    named_template(stem(path)) && !in_templates_folder(path)
}

/// Whether `path` is a template's by a file name that says so
/// (`template.md`, `meeting-template.md`), outside any templates folder:
/// a name a page about a template may have as well.
pub fn by_name_outside_folders(path: &str) -> bool {
    let stem = stem(path);
    (FILES.iter().any(|f| stem.eq_ignore_ascii_case(f)) || named_template(stem)) && !in_templates_folder(path)
}

/// The words of prose, at least, that make a body a page written out, not
/// a template's skeleton: a template holds headings, prompts and a few
/// lines; a docs page on notification templates holds paragraphs.
const WRITTEN_OUT_WORDS: usize = 200;

/// Words in a frontmatter that say it is a form to fill in (`creation-date:
/// yyyy-mm-dd`, `flip: NNN`, `reviewers: [TBD]`), as a proposal process's
/// template, written out with its instructions, holds.
const FILL_IN: &[&str] = &["yyyy", "tbd", "nnn", "xxx", "todo", "example"];

/// Whether a frontmatter (`head`) holds values left to fill in: a word of
/// [`FILL_IN`], choices to pick from (`status: draft|final`), or a value in
/// angle brackets.
pub fn to_fill_in(head: &str) -> bool {
    head.lines().filter_map(|line| line.split_once(':').map(|(_, value)| value.trim())).any(|value| {
        let lower = value.to_lowercase();
        FILL_IN.iter().any(|w| lower.contains(w)) || value.contains('|') || value.starts_with('<')
    }) || head.lines().any(|line| line.trim_start().starts_with("- ") && line.to_lowercase().contains("tbd"))
}

/// Whether `body` is a page written out: [`WRITTEN_OUT_WORDS`] words of
/// prose or more.
pub fn written_out(body: &str) -> bool {
    let mut words = 0;
    crate::markdown::prose_lines(body).any(|line| {
        words += line.split_whitespace().count();
        words >= WRITTEN_OUT_WORDS
    })
}

/// Whether a file name is a placeholder a plugin did not fill
/// (`{{Value}}.md`, `<% tp.file.title %>.md`): a template, or the note a
/// template made before it was set up, and no document of the vault's.
fn placeholder_name(stem: &str) -> bool {
    let stem = stem.trim();
    (stem.starts_with("{{") && stem.ends_with("}}")) || (stem.starts_with("<%") && stem.ends_with("%>"))
}

/// Whether a file name says it is a template: `Daily Template`,
/// `meeting-template`, up to three words of which the last is `template`.
/// A longer name (`Android Manifest Template`) is a note about one.
fn named_template(stem: &str) -> bool {
    // Every note's name is asked: most are settled by their last letters.
    let tail = stem.len().checked_sub("template".len()).map(|at| &stem.as_bytes()[at..]);
    if !tail.is_some_and(|tail| tail.eq_ignore_ascii_case(b"template")) {
        return false;
    }
    let words = stem.split([' ', '-', '_']).filter(|w| !w.is_empty());
    let (count, last) = words.fold((0, ""), |(count, _), word| (count + 1, word));
    (2..=3).contains(&count) && last.eq_ignore_ascii_case("template")
}

/// Whether a note's text is a template's: `head` is its frontmatter (all
/// of the text when the frontmatter is not closed, as a Templater fragment
/// may not be), `body` the rest, and `opened` what the body opens.
///
/// A note made from a template may keep a placeholder its tool left
/// unfilled (a web clipper's `url: "{{url}}"`, a Templater cursor a script
/// never ran): it is still a note. So a frontmatter that holds a date of
/// its own has been filled in, and its placeholders say nothing; and a
/// cursor tag or a dynamic command (`<%+ … %>`, rendered in preview and
/// meant to stay) is no placeholder.
pub fn by_content(head: &str, body: &str, opened: Openings) -> bool {
    let filled = || head.lines().any(dated);
    (Openings::of(head).template && head.lines().any(|line| placeholder_value(line, true)) && !filled())
        || ((opened.template || opened.braced)
            && crate::markdown::prose_lines(body).any(|line| placeholder_value(line, false)))
        || (memchr::memchr(b'<', head.as_bytes()).is_some() && described(head) && !filled())
}

/// Whether a frontmatter holds placeholders where a template's YAML may
/// break: Templater tags or `{{...}}` anywhere, or a key described in
/// angle brackets on the line at byte `at` (where its YAML broke), or on
/// any line when `at` is `None`.
pub fn placeholder_breaks(head: &str, at: Option<usize>) -> bool {
    if head.contains("{{") || head.contains("<%") {
        return true;
    }
    match at {
        Some(at) if head.is_char_boundary(at) => {
            let start = head[..at].rfind('\n').map_or(0, |i| i + 1);
            let end = head[at..].find('\n').map_or(head.len(), |i| at + i);
            described_line(&head[start..end]) == Some(true)
        }
        Some(_) => false,
        None => head.lines().any(|line| described_line(line) == Some(true)),
    }
}

/// Whether more than [`DESCRIBED_SHARE`] of a frontmatter's keys, and at
/// least [`DESCRIBED_KEYS`], hold a description of what to write in angle
/// brackets (`title: <SIP title>`, `status: <Draft>`), as the template of
/// a proposals repository does: its file is named for no template
/// (`sip-x.md`), and its YAML may not parse. A proposal that left its
/// optional fields unfilled still has its own number and title.
fn described(head: &str) -> bool {
    let (mut given, mut described) = (0, 0);
    for found in head.lines().filter_map(described_line) {
        given += 1;
        described += usize::from(found);
    }
    described >= DESCRIBED_KEYS && described * DESCRIBED_SHARE.1 > given * DESCRIBED_SHARE.0
}

/// The fewest keys described in angle brackets that make a template.
const DESCRIBED_KEYS: usize = 3;
/// The share of its keys a template describes: two thirds.
const DESCRIBED_SHARE: (usize, usize) = (2, 3);

/// For a top-level `key: value` line with a value, whether the value is a
/// description in angle brackets or in single braces; `None` for any other
/// line.
fn described_line(line: &str) -> Option<bool> {
    if line.starts_with([' ', '\t', '-', '#']) {
        return None;
    }
    let (_, value) = line.split_once(':')?;
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    let tag = value.starts_with("<!--") || value.starts_with("<%");
    // Or in single braces, as words (`title: {Concept name} overview`):
    // no YAML flow mapping a note means, which holds `key: value` pairs.
    let braced = value.strip_prefix('{').filter(|v| !v.starts_with('{')).and_then(|v| v.split_once('}'));
    let worded = braced.is_some_and(|(inside, _)| inside.contains(' ') && !inside.contains(": "));
    Some(value.starts_with('<') && value[1..].contains('>') && !tag || worded)
}

/// Whether a frontmatter line gives a date key a date (`created:
/// 2026-01-29`): a value filled in, which a template's is not.
fn dated(line: &str) -> bool {
    let Some((key, value)) = line.split_once(':') else { return false };
    let value = value.trim().trim_matches(['"', '\'']);
    !key.starts_with([' ', '\t', '-'])
        && crate::keys::is_date(key.trim())
        && vaultlint_core::date::parse(value).is_some()
}

/// What a text opens that few notes' texts do: an HTML comment (`<!--`,
/// where suppressions are written), and a Templater tag (`<%`) or a
/// placeholder (`{{`). Every note is asked, and one scan for the bytes
/// that start them settles most; two substring searches over each body
/// took 4% of a cold check.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Openings {
    /// `<!--`.
    pub comment: bool,
    /// `<%` or `{{`.
    pub template: bool,
    /// A brace before two capitals (`{DATE_YESTERDAY}`), where a
    /// scaffold's placeholder may be.
    pub braced: bool,
}

impl Openings {
    /// What `text` opens.
    pub fn of(text: &str) -> Openings {
        let bytes = text.as_bytes();
        let mut opened = Openings::default();
        for at in memchr::memchr2_iter(b'{', b'<', bytes) {
            match (bytes[at], bytes.get(at + 1)) {
                (b'{', Some(b'{')) | (b'<', Some(b'%')) => opened.template = true,
                (b'{', Some(c))
                    if c.is_ascii_uppercase() && bytes.get(at + 2).is_some_and(u8::is_ascii_uppercase) =>
                {
                    opened.braced = true;
                }
                (b'<', Some(b'!')) if bytes[at..].starts_with(b"<!--") => opened.comment = true,
                _ => {}
            }
            if opened.comment && opened.template {
                break;
            }
        }
        opened
    }
}

/// Whether a line's value is a placeholder: after list and heading marks
/// and a `label:`, it starts with a Templater tag or one of Obsidian's
/// placeholders (in frontmatter, any `{{...}}`). A placeholder mentioned
/// in a sentence, a link or a comment is not one.
fn placeholder_value(line: &str, frontmatter: bool) -> bool {
    let line =
        line.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '#' | '>' | '-' | '*' | '+'));
    if starts_with_tag(line, frontmatter) {
        return true;
    }
    // `key: value`, `Created: value`, `Date : value`.
    let Some((label, value)) = line.split_once(':') else { return false };
    if label.is_empty() || label.len() > 40 || label.contains(['[', '(', '`', '<', '{', '"']) {
        return false;
    }
    let value = value.trim_start().trim_start_matches(['"', '\'', '[']);
    starts_with_tag(value, frontmatter) || (crate::keys::is_date(label.trim()) && scaffold_placeholder(value))
}

/// Whether a value is a scaffold's placeholder in single braces and
/// capitals (`Date: {DATE_YESTERDAY}`), as a project generator fills in
/// when it copies its seed notes: read only as a date's value, which no
/// note writes so, where a docs page may show a format (`{LEVEL}`).
fn scaffold_placeholder(value: &str) -> bool {
    let Some(inner) = value.trim_end().strip_prefix('{').and_then(|v| v.strip_suffix('}')) else {
        return false;
    };
    inner.len() >= 3
        && inner.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && inner.as_bytes()[0].is_ascii_uppercase()
}

/// Whether a body's title is a description of what to write in brackets
/// (`# [short title of solved problem and solution]`, `# <Feature name>`),
/// as a decision record's template opens: a form, however many words of
/// instructions it holds.
pub fn titled_as_form(body: &str) -> bool {
    let Some(title) = crate::markdown::prose_lines(body).find_map(|line| line.strip_prefix("# ")) else {
        return false;
    };
    let title = title.trim();
    let inner = title
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .or_else(|| title.strip_prefix('<').and_then(|t| t.strip_suffix('>')))
        .or_else(|| title.strip_prefix('{').and_then(|t| t.strip_suffix('}')));
    inner.is_some_and(|inner| {
        !inner.starts_with(['[', '{', '<']) && !inner.contains("](") && inner.split_whitespace().count() >= 2
    })
}

/// Whether `text` starts with a Templater tag or a placeholder.
fn starts_with_tag(text: &str, frontmatter: bool) -> bool {
    if let Some(rest) = text.strip_prefix("<%") {
        // `<%+`: a dynamic command, which stays in the notes made.
        if rest.starts_with('+') {
            return false;
        }
        let rest = rest.trim_start_matches(['-', '_']);
        if rest.trim_start().starts_with("tp.file.cursor") {
            return false;
        }
        return rest.starts_with('*')
            || rest.trim_start().starts_with("tp.")
            || (frontmatter && rest.contains("%>"));
    }
    let Some(rest) = text.strip_prefix("{{") else { return false };
    let Some(end) = rest.find("}}") else { return false };
    let inner = rest[..end].trim();
    if frontmatter {
        return inner.starts_with(|c: char| c.is_alphabetic() || c == '.' || c == '_');
    }
    let name = inner.split(':').next().unwrap_or("").trim();
    ["date", "time", "title"].iter().any(|n| name.eq_ignore_ascii_case(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_at_any_depth_and_names() {
        for path in [
            "Templates/Daily.md",
            "templates/meeting.md",
            "_templates/x.md",
            "01 Templates/Book.md",
            "00 Meta/Templates/Person.md",
            "00 - Meta/02 - Templates/Person.md",
            "Template/Task.md",
            "themes/site/archetypes/default.md",
            "archetypes/posts.md",
            "site/archetypes/tutorial/index.md",
            "notes/3-Resources.Templates.module.quickstart.md",
            "notes/templates.daily.md",
            "decisions/_template.md",
            "docs/TEMPLATE.md",
            "Daily/Daily Template.md",
            "meeting-template.md",
            "Weekly review template.md",
            "Topics/{{Value}}.md",
            "Inbox/<% tp.file.title %>.md",
        ] {
            assert!(by_path(path), "{path}");
        }
        for path in [
            "Templates.md",
            "notes/templates-for-meetings.md",
            "Showcases & Templates/Index.md",
            "a/b.md",
            "Android Back Arrow Manifest Template.md",
            "Template Method.md",
            "Mechanics/Journals/Archetypes/Dual Blade.md",
            "notes/design.templates.md",
            "notes/C++ templates.md",
            "archetypes/classes/fighters/Knight.md",
            "Rust/{{ formatting }} in strings.md",
            "vault/dendron.topic.templates.handlebars.md",
        ] {
            assert!(!by_path(path), "{path}");
        }
    }

    fn content(head: &str, body: &str) -> bool {
        by_content(head, body, Openings::of(body))
    }

    #[test]
    fn placeholders_as_values_not_as_mentions() {
        assert!(content("---\ncreated: {{date}}T{{time}}\n---\n", ""));
        assert!(content("---\ndate: {{ .Date }}\ndraft: true\n---\n", ""));
        assert!(content("---\ntitle: \"{{ replace .Name \"-\" \" \" | title }}\"\n---\n", ""));
        assert!(content("---\ntags:\n  - <% tp.file.folder() %>\n---\n", ""));
        assert!(content("---\n<%* const title = tp.file.title %>\n", ""));
        assert!(content("", "# <% tp.file.title %>\n\nCreated: <% tp.date.now() %>\n"));
        assert!(content("", "# {{title}}\n"));
        assert!(content("", "Date : {{date:YYYY-MM-DD}}\n"));
        // Mentions, comments, code, an empty pair of braces, a site's Liquid.
        assert!(!content("---\ntitle: why {{ }} is not interpolated\n---\n", ""));
        assert!(!content("---\ntitle: use {{name}} in prompts\n---\n", ""));
        assert!(!content(
            "",
            "- [[Templater]] - [Explain <% tp.file.find_tfile() %>](https://example.com)\n"
        ));
        assert!(!content("", "<!-- Sponsor @{{title}} -->\n"));
        assert!(!content("", "```\n{{date}}\n```\nUse `{{date}}` for today.\n"));
        assert!(!content("", "Version {{ site.version }} is out.\n{{< note >}}\n"));
        assert!(!content("", "<%= link_to 'Home', root_path %>\n"));
        // What a note made from a template keeps: a cursor, a dynamic
        // command, a placeholder beside a date filled in.
        assert!(!content("---\nday: 2026-04-01\n---\n", "# Task\n<% tp.file.cursor() %>\n"));
        assert!(!content("", "Last edited: <%+ tp.file.last_modified_date() %>\n"));
        assert!(!content("---\ncreated: 2026-01-29\nurl: \"{{url}}\"\n---\n", ""));
        assert!(content("---\ncreated: {{date}}\nurl: \"{{url}}\"\n---\n", ""));
        assert!(content("---\nmodified: <% tp.file.last_modified_date() %>\n---\n", ""));
    }

    #[test]
    fn keys_described_in_angle_brackets_make_a_template() {
        let form = "---\nrfc: <to be assigned>\ntitle: <RFC title>\nstatus: <Draft>\nauthor: <names: with a colon>\ncreated: <yyyy-mm-dd>\n---\n";
        assert!(content(form, "Copy this file to start a proposal.\n"));
        // A proposal that kept a bracket or two, or a mail address, is a note.
        let kept = "---\nrfc: 12\ntitle: Faster sync\nstatus: Draft\nauthor: Ana <ana@example.com>\ncreated: <2023-10-11>\n---\n";
        assert!(!content(kept, ""));
        assert!(!content("---\ntitle: <b>Bold</b> claims\nnote: <!-- hidden -->\n---\n", ""));
        // Half its keys left as the template describes them: still a proposal.
        let half = "---\nrfc: 57\ntitle: Block limits\nstatus: Draft\ncreated: <mm/dd/yyyy>\nupdated: <mm/dd/yyyy>\nrequires: <RFC numbers>\n---\n";
        assert!(!content(half, ""));
        // The YAML of a template broke where a description holds a colon,
        // and of another after a quoted value, which every note copies.
        let at = form.find("with a colon").unwrap();
        assert!(placeholder_breaks(form, Some(at)));
        assert!(!placeholder_breaks(form, Some(0)));
        let quoted = "---\nrfc: \"<to be assigned>\" <!-- keep the quotes -->\ntitle: <RFC title>\n---\n";
        assert!(!placeholder_breaks(quoted, Some(quoted.find("<!--").unwrap())));
        assert!(!placeholder_breaks("---\nt: é\n", Some(8)));
        // Or described in single braces, where a flow mapping is none.
        let braced =
            "---\ntitle: {Product name} specifications\naudience: {admin | any} {who reads it}\n---\n";
        assert!(placeholder_breaks(braced, Some(braced.find("specifications").unwrap())));
        assert!(placeholder_breaks(braced, Some(braced.find("{who").unwrap())));
        let mapping = "---\nparams: {tone: plain, width: 80} trailing\n---\n";
        assert!(!placeholder_breaks(mapping, Some(mapping.find("trailing").unwrap())));
    }

    #[test]
    fn openings_are_found_in_one_scan() {
        assert_eq!(Openings::of("plain text, <b>bold</b> and {braces}"), Openings::default());
        assert_eq!(
            Openings::of("a <!-- note --> here"),
            Openings { comment: true, template: false, braced: false }
        );
        assert_eq!(
            Openings::of("<!- no <! -- no <%"),
            Openings { comment: false, template: true, braced: false }
        );
        assert_eq!(
            Openings::of("{{x}} then <!--"),
            Openings { comment: true, template: true, braced: false }
        );
        assert_eq!(
            Openings::of("Date: {DATE_X}"),
            Openings { comment: false, template: false, braced: true }
        );
        assert!(!Openings::of("a {b} {Cd} {1A}").braced);
        assert_eq!(Openings::of("ends with {"), Openings::default());
    }
}
