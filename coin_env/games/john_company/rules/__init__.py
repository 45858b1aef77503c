"""John Company's rules, one module per procedure (file names say what they do; docstrings cite RB pages)."""
