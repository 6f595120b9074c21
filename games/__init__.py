"""Two-player games played by search: Max-Connect4 (the `maxconnect4` command)."""
