#!/usr/bin/env bash
# Compile a pipelined TensorIR kernel with tir_pipeline="tma" and show the TMA code.
. "$(dirname "$0")/env.sh"
python -m tvm_tma.demo "$@"
