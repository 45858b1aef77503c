import os
import sys

# tests/game_matrix.py (what the shared tests play for each registered game) is importable from every test.
sys.path.insert(0, os.path.dirname(__file__))
