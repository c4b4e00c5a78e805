"""build_scripts/dev/serve.py on a port already taken: one line naming the port and PORT=, no
traceback (issue 61: `make play` with port 8000 busy printed a raw OSError)."""

from __future__ import annotations

import socket

from helpers import build_script


def test_a_busy_port_is_said_in_one_line(tmp_path, capsys) -> None:
    serve = build_script("serve", "dev")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = serve.main(["--port", str(port), "--dir", str(tmp_path), "--no-headers"])
    err = capsys.readouterr().err
    assert code == 1
    assert f"cannot serve on 127.0.0.1:{port}" in err and f"PORT={port + 1}" in err, err
    assert "Traceback" not in err and err.count("\n") == 1, err
