// Host-side cache of CUtensorMap descriptors, linked into libraries built with
// tvm_tma.transforms.tensor_map_cache (see that module's docstring).
//
// __tvm_ffi_tvm_tma_tensor_map_encode takes exactly the arguments of TVM's packed function
// runtime.cuTensorMapEncodeTiled: (map, dtype, rank, data, dims..., strides..., box...,
// element strides..., interleave, swizzle, l2 promotion, oob fill[, forced CUtensorMapDataType]).
// cuTensorMapEncodeTiled is a pure function of everything after `map`, so those arguments are
// the key: on a hit the cached 128-byte descriptor is copied into `map`; on a miss the call is
// forwarded to runtime.cuTensorMapEncodeTiled (its checks and error messages included) and the
// descriptor it wrote is cached. Failed encodes are not cached. Each caller passes its own `map`
// (a stack slot of the calling host function) and the table is only read or written under one
// mutex, so concurrent calls never see a descriptor while another thread writes it.
// The table holds kSets x kWays descriptors; a key goes to the set its hash picks, a new key
// replaces the set's entries in turn once all its ways are used.
// No C++ library containers: the exported library needs no newer libstdc++ than TVM's own.
#pragma GCC optimize("O2")  // export_library compiles C sources without optimization

#include <tvm/ffi/c_api.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>

namespace {

constexpr size_t kMapBytes = 128;  // sizeof(CUtensorMap)
constexpr size_t kKeyBytes = 384;  // 27 arguments of 12 bytes (rank 5) and the dtype's name
constexpr size_t kSets = 64;
constexpr size_t kWays = 4;

struct Slot {
  size_t key_len;  // 0: empty
  unsigned char key[kKeyBytes];
  unsigned char map[kMapBytes];
};

struct Set {
  Slot ways[kWays];
  size_t next;  // the way a new key replaces
};

std::mutex mutex;
Set sets[kSets];
std::atomic<int64_t> encodes{0};  // successful calls of runtime.cuTensorMapEncodeTiled

// The key of args[1:] in `key`: the type index and value of each argument, a raw string by its
// content. Returns its length, or 0 (do not cache) for an argument whose value is not in the
// Any itself or a key longer than kKeyBytes.
size_t MakeKey(const TVMFFIAny* args, int32_t num_args, unsigned char* key) {
  size_t len = 0;
  auto put = [&](const void* data, size_t size) {
    if (len + size > kKeyBytes) return false;
    std::memcpy(key + len, data, size);
    len += size;
    return true;
  };
  for (int32_t i = 1; i < num_args; ++i) {
    const TVMFFIAny& arg = args[i];
    bool fits = put(&arg.type_index, sizeof(arg.type_index));
    if (arg.type_index == kTVMFFIRawStr) {
      fits = fits && put(arg.v_c_str, std::strlen(arg.v_c_str) + 1);
    } else if (arg.type_index <= kTVMFFIDataType) {
      fits = fits && put(&arg.v_int64, sizeof(arg.v_int64));
    } else {
      return 0;
    }
    if (!fits) return 0;
  }
  return len;
}

Set& SetOf(const unsigned char* key, size_t len) {
  uint64_t hash = 1469598103934665603ull;  // FNV-1a
  for (size_t i = 0; i < len; ++i) hash = (hash ^ key[i]) * 1099511628211ull;
  return sets[hash % kSets];
}

// The way of `set` holding `key`, or nullptr (call with the mutex held).
const Slot* Find(const Set& set, const unsigned char* key, size_t len) {
  for (const Slot& slot : set.ways) {
    if (slot.key_len == len && std::memcmp(slot.key, key, len) == 0) return &slot;
  }
  return nullptr;
}

int Encode(const TVMFFIAny* args, int32_t num_args, TVMFFIAny* result) {
  static TVMFFIObjectHandle encode = [] {  // kept for the process: TVM's CUDA runtime owns it
    const char name[] = "runtime.cuTensorMapEncodeTiled";
    TVMFFIByteArray bytes{name, sizeof(name) - 1};
    TVMFFIObjectHandle handle = nullptr;
    return TVMFFIFunctionGetGlobal(&bytes, &handle) == 0 ? handle : nullptr;
  }();
  if (encode == nullptr) {
    TVMFFIErrorSetRaisedFromCStr("RuntimeError", "tvm_tma tensor-map cache: runtime.cuTensorMapEncodeTiled "
                                 "is not registered (load TVM's CUDA runtime, libtvm_runtime_cuda.so)");
    return -1;
  }
  int ret = TVMFFIFunctionCall(encode, const_cast<TVMFFIAny*>(args), num_args, result);
  if (ret == 0) ++encodes;
  return ret;
}

}  // namespace

extern "C" __attribute__((visibility("protected"))) int __tvm_ffi_tvm_tma_tensor_map_encode(
    void*, const TVMFFIAny* args, int32_t num_args, TVMFFIAny* result) {
  if (num_args < 2 || args[0].type_index != kTVMFFIOpaquePtr) {
    TVMFFIErrorSetRaisedFromCStr("TypeError", "tvm_tma_tensor_map_encode: expected the arguments of "
                                 "runtime.cuTensorMapEncodeTiled (map, dtype, rank, data, ...)");
    return -1;
  }
  unsigned char key[kKeyBytes];
  size_t len = MakeKey(args, num_args, key);
  if (len == 0) return Encode(args, num_args, result);
  unsigned char* map = static_cast<unsigned char*>(args[0].v_ptr);
  Set& set = SetOf(key, len);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (const Slot* hit = Find(set, key, len)) {
      std::memcpy(map, hit->map, kMapBytes);
      result->type_index = kTVMFFINone;
      result->zero_padding = 0;
      result->v_int64 = 0;
      return 0;
    }
  }
  if (int ret = Encode(args, num_args, result)) return ret;
  std::lock_guard<std::mutex> lock(mutex);
  if (Find(set, key, len)) return 0;  // another thread encoded it meanwhile
  Slot& slot = set.ways[set.next];
  set.next = (set.next + 1) % kWays;
  slot.key_len = len;
  std::memcpy(slot.key, key, len);
  std::memcpy(slot.map, map, kMapBytes);
  return 0;
}

// The number of descriptors encoded (cache misses) since the library was loaded.
extern "C" int __tvm_ffi_tvm_tma_tensor_map_cache_encodes(void*, const TVMFFIAny*, int32_t, TVMFFIAny* result) {
  result->type_index = kTVMFFIInt;
  result->zero_padding = 0;
  result->v_int64 = encodes;
  return 0;
}
