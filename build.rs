//! Build script: embeds the application icon (assets/icons/trackbench.ico,
//! made by packaging/render-icons.sh) into trackbench.exe when the target is
//! Windows, so Explorer, the taskbar and Alt-Tab show it. Nothing happens for
//! other targets. `winresource` runs `rc.exe` from the Windows SDK (MSVC) or
//! `windres` from mingw-w64 (GNU targets, cross-compiling included).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icons/trackbench.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut res = winresource::WindowsResource::new();
        res.set_icon("assets/icons/trackbench.ico");
        if let Err(e) = res.compile() {
            // A build without the resource compiler still works, only
            // without the icon in the .exe: say so loudly.
            println!("cargo:warning=the Windows icon was not embedded: {e}");
        }
    }
}
