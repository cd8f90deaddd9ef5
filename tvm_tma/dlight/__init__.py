"""dlight schedule rules that stage their operands through TMA pipelines."""

from .matmul import Matmul, MatmulConfig

__all__ = ["Matmul", "MatmulConfig"]
