; The tensor-map descriptor cache of tvm_tma/transforms/copies/tensor_map_cache.py: LLVM IR that the
; pass imports into the host module (pragma_import_llvm; TVM links it in and inlines every
; function into its callers, so a library gains no symbol and needs no other code).
;
; Inlined at every call site, each memory access of this code is one more that LLVM's
; optimizer relates to every other one of the host function (the argument checks read many):
; atomic accesses word by word cost milliseconds of compile time per call site. So the fields
; are moved by memcpy and compared by bcmp, a handful of accesses, with the seqlock's ordering
; on the sequence word alone.
;
; One entry per call site, reached through that site's slot (tvm_static_handle(): a private
; pointer, null until the first store calloc()s the entry and publishes it by compare-and-swap;
; never freed: one entry per call site and loaded library). An entry is 27 words:
;   [0] seq: 0 empty, odd while a store writes the entry, even (>= 2) when it is complete
;   [1] the data pointer of the buffer, [2..10] the 9 key words (KEY_WORDS in
;   tensor_map_cache.py: the operands that are not constants, zero-padded), [11..26] the
;   128-byte descriptor.
; A seqlock: load copies the fields out between two reads of seq and hits only if seq was even,
; non-zero and unchanged (so no store wrote while it copied) and the copied data pointer and key
; words are the caller's; it never waits or writes. A store takes the entry by one
; compare-and-swap of seq from even to odd and gives up if another thread holds it (the
; descriptor the caller encoded is still right: it is only not cached this time). A copy that
; races with a store reads undefined bytes, which LLVM's memory model allows for non-atomic
; loads (they are not undefined behaviour): the second read of seq then differs and they are
; never looked at.

@tvm_tma_tensor_map_cache_counter = internal global i64 0, align 8

declare noalias ptr @calloc(i64, i64)
declare void @free(ptr)
declare i32 @bcmp(ptr, ptr, i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; 1 and the cached descriptor copied into %map where the entry holds %data and %key[0..9);
; else 0 (%map unspecified).
define i32 @tvm_tma_tensor_map_cache_load(ptr %slot, ptr %map, ptr %data, ptr %key) {
entry:
  %fields = alloca [10 x i64], align 8
  %e = load atomic ptr, ptr %slot acquire, align 8
  %empty = icmp eq ptr %e, null
  br i1 %empty, label %miss, label %begin

begin:
  %s0 = load atomic i64, ptr %e acquire, align 8
  %odd = and i64 %s0, 1
  %unset = icmp eq i64 %s0, 0
  %busy = icmp ne i64 %odd, 0
  %skip = or i1 %unset, %busy
  br i1 %skip, label %miss, label %copy

copy:
  %cached_fields = getelementptr inbounds i64, ptr %e, i64 1
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %fields, ptr align 8 %cached_fields, i64 80, i1 false)
  %cached_map = getelementptr inbounds i64, ptr %e, i64 11
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %map, ptr align 8 %cached_map, i64 128, i1 false)
  fence acquire
  %s1 = load atomic i64, ptr %e monotonic, align 8
  %unchanged = icmp eq i64 %s0, %s1
  br i1 %unchanged, label %compare, label %miss

compare:
  %cached_data = load i64, ptr %fields, align 8
  %data_word = ptrtoint ptr %data to i64
  %same_data = icmp eq i64 %cached_data, %data_word
  %cached_key = getelementptr inbounds i64, ptr %fields, i64 1
  %key_diff = call i32 @bcmp(ptr %cached_key, ptr %key, i64 72)
  %same_key = icmp eq i32 %key_diff, 0
  %same = and i1 %same_data, %same_key
  %hit = zext i1 %same to i32
  ret i32 %hit

miss:
  ret i32 0
}

; Count one encode and cache the descriptor in %map for %data and %key[0..9) (unless another
; thread is storing into the entry, or calloc fails). Returns 0.
define i32 @tvm_tma_tensor_map_cache_store(ptr %slot, ptr %map, ptr %data, ptr %key) {
entry:
  %counted = atomicrmw add ptr @tvm_tma_tensor_map_cache_counter, i64 1 monotonic, align 8
  %e0 = load atomic ptr, ptr %slot acquire, align 8
  %exists = icmp ne ptr %e0, null
  br i1 %exists, label %lock, label %allocate

allocate:
  %new = call ptr @calloc(i64 27, i64 8)
  %failed = icmp eq ptr %new, null
  br i1 %failed, label %done, label %publish

publish:
  %swap = cmpxchg ptr %slot, ptr null, ptr %new acq_rel acquire, align 8
  %published = extractvalue { ptr, i1 } %swap, 1
  br i1 %published, label %lock, label %lost

lost:
  call void @free(ptr %new)
  %other = extractvalue { ptr, i1 } %swap, 0
  br label %lock

lock:
  %e = phi ptr [ %e0, %entry ], [ %new, %publish ], [ %other, %lost ]
  %s = load atomic i64, ptr %e monotonic, align 8
  %odd = and i64 %s, 1
  %busy = icmp ne i64 %odd, 0
  br i1 %busy, label %done, label %take

take:
  %s_odd = add i64 %s, 1
  %taken = cmpxchg ptr %e, i64 %s, i64 %s_odd acquire monotonic, align 8
  %won = extractvalue { i64, i1 } %taken, 1
  br i1 %won, label %write, label %done

write:
  fence release
  %data_at = getelementptr inbounds i64, ptr %e, i64 1
  %data_word = ptrtoint ptr %data to i64
  store i64 %data_word, ptr %data_at, align 8
  %key_at = getelementptr inbounds i64, ptr %e, i64 2
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %key_at, ptr align 8 %key, i64 72, i1 false)
  %map_at = getelementptr inbounds i64, ptr %e, i64 11
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %map_at, ptr align 8 %map, i64 128, i1 false)
  %s_even = add i64 %s, 2
  store atomic i64 %s_even, ptr %e release, align 8
  br label %done

done:
  ret i32 0
}

; The number of tvm_tma_tensor_map_cache_store calls (encodes) since the library was loaded.
define i64 @tvm_tma_tensor_map_cache_encode_count() {
entry:
  %count = load atomic i64, ptr @tvm_tma_tensor_map_cache_counter monotonic, align 8
  ret i64 %count
}
