import os
import pathlib
import sys

# Every "tma" compile of the suite also runs the barrier-protocol checker (off by default).
os.environ.setdefault("TVM_TMA_VERIFY", "1")

sys.path.insert(0, str(pathlib.Path(__file__).parent))
