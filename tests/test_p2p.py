"""tvm_tma.p2p without a GPU: argument checks and the peer view handed to the TMA kernel.
(On two GPUs: benchmarks/run_p2p.py.)"""

import numpy as np
import pytest
import tvm

from tvm_tma import p2p


def test_unknown_transport_is_an_error():
    with pytest.raises(ValueError,
                       match=r"PeerCopy: transport: expected one of \('copy_engine', 'tma'\), got 'nvlink'"):
        p2p.PeerCopy(transport="nvlink")


def test_the_default_transport_is_one_of_the_transports():
    assert p2p.DEFAULT_TRANSPORT in p2p.TRANSPORTS


def test_peer_view_is_the_same_bytes_said_to_be_on_the_issuing_gpu():
    peer = tvm.runtime.tensor(np.arange(24, dtype="float32"))
    view = p2p.PeerView(peer, 3)
    assert str(view.tensor.device) == "cuda:3"
    assert view.tensor.shape == (96,) and view.tensor.dtype == "uint8"
    assert view.tensor.data_ptr() == peer.data_ptr()


def test_host_tensors_are_rejected_by_name():
    copier = p2p.PeerCopy()
    host = tvm.runtime.tensor(np.zeros(16, "uint8"))
    with pytest.raises(ValueError, match=r"PeerCopy: dst: expected a contiguous CUDA tensor, got cpu:0"):
        copier.put(host, host)


def test_size_mismatch_is_an_error():
    a, b = (tvm.runtime.tensor(np.zeros(n, "uint8")) for n in (96, 64))
    keep = [p2p.PeerView(a, 0), p2p.PeerView(b, 1)]  # CUDA-labeled views; nothing is launched
    with pytest.raises(ValueError, match=r"PeerCopy: dst: expected 64 bytes \(the size of src\), got 96"):
        p2p.PeerCopy().get(keep[0].tensor, keep[1].tensor)
