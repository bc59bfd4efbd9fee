//! The listener and the sender talking through real sockets in a temporary
//! folder: paths arrive whole, stale endpoints are replaced, a live one is
//! not taken over, a wrong token or a foreign message opens nothing.

use super::*;
use std::sync::mpsc;

fn channel_listener(ep: &Endpoint) -> (Listener, mpsc::Receiver<Vec<PathBuf>>) {
    let (tx, rx) = mpsc::channel();
    let l = listen(
        ep,
        Box::new(move |p| {
            let _ = tx.send(p);
        }),
    )
    .expect("listening");
    (l, rx)
}

fn endpoints(dir: &Path) -> Vec<Endpoint> {
    let mut v = vec![Endpoint::Tcp(dir.join("instance.port"))];
    #[cfg(unix)]
    v.push(Endpoint::Unix(dir.join("instance.sock")));
    v
}

#[test]
fn a_second_instance_hands_its_files_to_the_first() {
    let dir = tempfile::tempdir().unwrap();
    for ep in endpoints(dir.path()) {
        assert!(matches!(forward(&ep, &[]), Err(ForwardError::NoneRunning)));
        let (listener, rx) = channel_listener(&ep);
        let files = [
            PathBuf::from("/maps/秋季 2020.Map.Gbx"),
            PathBuf::from("rel.trk"),
        ];
        forward(&ep, &files).expect("the running instance answers");
        let got = rx.recv_timeout(TIMEOUT).expect("paths handed on");
        assert_eq!(got[0], files[0]);
        // Relative paths are made absolute against the sender's folder.
        assert_eq!(got[1], std::env::current_dir().unwrap().join("rel.trk"));
        // A live listener is not taken over by a second one.
        let second = listen(&ep, Box::new(|_| {}));
        assert_eq!(
            second.err().map(|e| e.kind()),
            Some(std::io::ErrorKind::AddrInUse),
            "{ep:?}"
        );
        drop(listener);
        let file = match &ep {
            #[cfg(unix)]
            Endpoint::Unix(p) => p,
            Endpoint::Tcp(p) => p,
        };
        assert!(!file.exists(), "{ep:?} removed when the window closes");
        assert!(matches!(
            forward(&ep, &files),
            Err(ForwardError::NoneRunning)
        ));
    }
}

#[cfg(unix)]
#[test]
fn a_stale_socket_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("instance.sock");
    drop(std::os::unix::net::UnixListener::bind(&path).unwrap()); // left behind
    assert!(path.exists());
    let ep = Endpoint::Unix(path);
    assert!(matches!(forward(&ep, &[]), Err(ForwardError::NoneRunning)));
    let (_listener, rx) = channel_listener(&ep);
    forward(&ep, &[PathBuf::from("/a.Gbx")]).unwrap();
    assert_eq!(
        rx.recv_timeout(TIMEOUT).unwrap(),
        vec![PathBuf::from("/a.Gbx")]
    );
}

#[test]
fn a_stale_port_file_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let port_file = dir.path().join("instance.port");
    // A port nobody listens on any more.
    let dead = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = dead.local_addr().unwrap().port();
    drop(dead);
    std::fs::write(&port_file, format!("{port} 0123\n")).unwrap();
    let ep = Endpoint::Tcp(port_file.clone());
    assert!(matches!(forward(&ep, &[]), Err(ForwardError::NoneRunning)));
    let (_listener, rx) = channel_listener(&ep);
    assert_ne!(
        std::fs::read_to_string(&port_file).unwrap(),
        format!("{port} 0123\n")
    );
    // Written through the core's atomic writer, for this user only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&port_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    forward(&ep, &[PathBuf::from("/b.pak")]).unwrap();
    assert_eq!(
        rx.recv_timeout(TIMEOUT).unwrap(),
        vec![PathBuf::from("/b.pak")]
    );
}

#[test]
fn a_wrong_token_or_a_foreign_message_opens_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let port_file = dir.path().join("instance.port");
    let ep = Endpoint::Tcp(port_file.clone());
    let (_listener, rx) = channel_listener(&ep);
    let text = std::fs::read_to_string(&port_file).unwrap();
    let (port, _) = text.trim().split_once(' ').unwrap();
    // Someone who knows the port but not the token.
    let forged = dir.path().join("forged.port");
    std::fs::write(&forged, format!("{port} 0000\n")).unwrap();
    let err = forward(&Endpoint::Tcp(forged), &[PathBuf::from("/evil.Gbx")]);
    assert!(matches!(err, Err(ForwardError::NoAnswer(_))), "{err:?}");
    // Not our protocol at all.
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap())).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    s.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).unwrap();
    assert!(answer.is_empty());
    // The listener still serves the real sender.
    forward(&ep, &[PathBuf::from("/ok.trk")]).unwrap();
    assert_eq!(
        rx.recv_timeout(TIMEOUT).unwrap(),
        vec![PathBuf::from("/ok.trk")]
    );
    assert!(rx.try_recv().is_err(), "nothing else was opened");
}

#[test]
fn display_names_are_file_name_parts() {
    let name = display_name();
    assert!(!name.is_empty());
    assert!(
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    );
}
