//! No tracked text file names a folder of one machine or a package
//! registry (issue 41): every command in the docs and scripts runs as
//! written from the repository root, on any machine.
//!
//! **A machine path** is an absolute path that starts at
//! - the folder holding this checkout (computed when the test runs: a
//!   path into a sibling checkout or a shared folder beside it, which the
//!   repository writes as `../shared/…`);
//! - a home or a machine's own folder at the root of a file system: `home`,
//!   `root`, `Users`, `work` (the development machines' folder of
//!   checkouts), `mnt`, `media`, `Volumes` (disks mounted on one machine),
//!   and `Users` under a drive letter (`C:` then `\` or `/`).
//!
//! A path "starts" where the character before its `/` (or drive letter)
//! begins no word and no path: the line's start, a space, a quote, a
//! backtick, `(`, `[`, `{`, `=`, `,`, `;`, `:`, `|`, `<`, `>`, `-` (a
//! shell default, `${PEERS:-…}`). So a folder under a shell variable, a
//! relative path such as `target/tmp/…`, and a path inside a URL are not
//! absolute paths (the test below has examples of each).
//!
//! **Allowed** are the system paths that are the same on every machine of
//! a platform and that the product or its scripts use: `/usr/share/…`
//! (the package's install paths), `/usr/bin/time`, `/dev/null`, `/proc/…`,
//! `/etc/passwd` and `C:\Windows` (hostile names in the pak tests), `/tmp`
//! (a scratch default of a script), `/System/Library/Fonts`; and made-up
//! paths in tests (`/maps/Bad.Map.Gbx`), which name no machine's folder.
//!
//! **A registry** is named by its host (or a subdomain of it: the download,
//! index and file hosts), as a whole host name: the name of Rust's index
//! repository on GitHub, which Cargo.lock records for every package (the
//! host's name followed by `-index`), is not the host.

/// Folders at the root of a file system that belong to one machine: its
/// users' homes, its work folder, its mounted disks (module doc).
const MACHINE_ROOTS: &[&str] = &["home", "root", "Users", "work", "mnt", "media", "Volumes"];

/// Package-registry hosts, written as labels so that this file passes its
/// own check: Rust, Python, JavaScript, Ruby, Go, Java, .NET, PHP, Haskell,
/// conda, Dart, Elixir.
const REGISTRY_HOSTS: &[&[&str]] = &[
    &["crates", "io"],
    &["pypi", "org"],
    &["pythonhosted", "org"],
    &["npmjs", "org"],
    &["npmjs", "com"],
    &["yarnpkg", "com"],
    &["rubygems", "org"],
    &["proxy", "golang", "org"],
    &["maven", "org"],
    &["nuget", "org"],
    &["packagist", "org"],
    &["hackage", "haskell", "org"],
    &["anaconda", "org"],
    &["pub", "dev"],
    &["hex", "pm"],
];

/// Characters after which a path or a host name starts (module doc).
const STARTERS: &str = "\"'`([{=,;:|<>-";

/// Whether a path or host starting at byte `at` of `line` starts there.
fn starts_at(line: &str, at: usize) -> bool {
    line[..at]
        .chars()
        .next_back()
        .is_none_or(|c| c.is_whitespace() || STARTERS.contains(c))
}

/// Whether a name ends where `rest` begins: no letter, digit, `_` or `-`
/// follows, nor a `.` that goes on with a letter or digit.
fn ends_at(rest: &str) -> bool {
    let mut chars = rest.chars();
    match chars.next() {
        None => true,
        Some(c) if c.is_alphanumeric() || c == '_' || c == '-' => false,
        Some('.') => !chars.next().is_some_and(char::is_alphanumeric),
        Some(_) => true,
    }
}

/// Byte offsets where `needle` occurs in `line` as a whole path start or
/// host (starting and ending as the module doc says).
fn whole_matches<'a>(line: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    line.match_indices(needle)
        .map(|(at, _)| at)
        .filter(move |&at| ends_at(&line[at + needle.len()..]))
}

/// A drive's Users folder: a drive letter at a path start, a colon, one or
/// more `\` or `/` (`\\` as escaped in a string literal), `Users` in any
/// case, then `\` or `/`.
fn windows_home(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.match_indices("users").any(|(at, _)| {
        let before = lower[..at].trim_end_matches(['\\', '/']);
        let separators = at - before.len();
        let after = lower[at + "users".len()..].chars().next();
        let drive = before.strip_suffix(':').and_then(|d| {
            let letter = d.chars().next_back()?;
            (letter.is_ascii_alphabetic() && starts_at(d, d.len() - 1)).then_some(())
        });
        separators > 0 && drive.is_some() && matches!(after, Some('\\' | '/'))
    })
}

/// What in `line` names a machine's folder or a registry, if anything.
/// `checkout_parent` is the folder holding the checkout, `None` when it is
/// a file system's root (every absolute path would start there).
fn offence(line: &str, checkout_parent: Option<&str>) -> Option<String> {
    if let Some(parent) = checkout_parent
        && whole_matches(line, parent).any(|at| starts_at(line, at))
    {
        return Some(format!(
            "a path under the checkout's parent folder {parent}"
        ));
    }
    for root in MACHINE_ROOTS {
        let needle = format!("/{root}");
        if whole_matches(line, &needle).any(|at| starts_at(line, at)) {
            return Some(format!(
                "an absolute path under /{root} (one machine's folder)"
            ));
        }
    }
    if windows_home(line) {
        return Some("a Windows home folder (a drive's Users folder)".to_owned());
    }
    let lower = line.to_ascii_lowercase();
    for labels in REGISTRY_HOSTS {
        let host = labels.join(".");
        let named = lower.match_indices(&host).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let starts = !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
            starts && ends_at(&lower[at + host.len()..])
        });
        if named {
            return Some(format!("the package registry host {host}"));
        }
    }
    None
}

/// The folder holding this checkout, as written in text (`/`-separated),
/// or `None` at a file system's root.
fn checkout_parent() -> Option<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let parent = root.parent()?;
    parent.parent()?;
    Some(parent.to_string_lossy().replace('\\', "/"))
}

#[test]
fn tracked_text_names_no_machine_path_and_no_registry() {
    let Some(files) = super::tracked_files() else {
        eprintln!("SKIPPED tracked_text_names_no_machine_path_and_no_registry: not a git checkout");
        return;
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let parent = checkout_parent();
    let mut found = Vec::new();
    let mut texts = 0;
    for path in &files {
        // A file deleted in the work tree but still tracked is not read.
        let Ok(bytes) = std::fs::read(root.join(path)) else {
            continue;
        };
        if bytes.contains(&0) {
            continue; // binary: images, fonts, corpus-like fixtures
        }
        texts += 1;
        let text = String::from_utf8_lossy(&bytes);
        for (index, line) in text.lines().enumerate() {
            if let Some(what) = offence(line, parent.as_deref()) {
                let shown: String = line.trim().chars().take(160).collect();
                found.push(format!("{path}:{}: {what}: {shown}", index + 1));
            }
        }
    }
    assert!(texts > 100, "only {texts} tracked text files read");
    assert!(
        found.is_empty(),
        "tracked files name a folder of one machine or a package registry \
         (write paths relative to the repository root, ../shared/… for the \
         shared folder, or take them as an argument):\n{}",
        found.join("\n")
    );
}

/// The rule on hand-written lines; the machine folders are put together
/// at run time, so that this file passes the check above.
#[test]
fn the_machine_path_rule_on_hand_written_lines() {
    let at = |root: &str, rest: &str| format!("/{root}/{rest}");
    let parent = Some("/srv/checkouts");
    let refused = [
        format!("cd {}", at("work", "main")),
        format!("find {} -type f", at("root", ".cargo")),
        format!("`{}`", at("home", "me/trackbench")),
        format!("HOME=/{}", "root"),
        format!("peers=\"${{PEERS:-{}}}\"", at("work", "shared/bench-peers")),
        format!("PEERS=\"{}\"", at("Users", "me/peers")),
        format!("\"C:{0}{0}{1}{0}{0}me\"", '\\', "Users"),
        "dir=/srv/checkouts/shared/corpus".to_owned(),
        format!(
            "curl -L https://static.{}/x.crate",
            REGISTRY_HOSTS[0].join(".")
        ),
        format!("pip download from files.{}", REGISTRY_HOSTS[2].join(".")),
    ];
    for line in &refused {
        assert!(offence(line, parent).is_some(), "not refused: {line}");
    }
    let allowed = [
        format!("bin=\"$work{}\"", at("root", "usr/bin/trackbench")),
        "(target/tmp/layout-snapshots, for review)".to_owned(),
        format!("https://github.com/someone{}", at("work", "x")),
        "`/usr/share/applications/trackbench.desktop`".to_owned(),
        "time trackbench inspect ../shared/corpus/gbx > /dev/null".to_owned(),
        "let path = Path::new(\"/maps/Bad.Map.Gbx\");".to_owned(),
        "/srv/checkoutsX/y and ../shared/corpus".to_owned(),
        format!(
            "source = \"registry+https://github.com/rust-lang/{}-index\"",
            REGISTRY_HOSTS[0].join(".")
        ),
        "[patch.crates-io]".to_owned(),
        format!("{}space/x", at("work", "").trim_end_matches('/')),
    ];
    for line in &allowed {
        assert_eq!(offence(line, parent), None, "refused: {line}");
    }
}
