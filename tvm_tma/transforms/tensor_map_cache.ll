; The tensor-map descriptor cache of tvm_tma/transforms/tensor_map_cache.py: LLVM IR that the
; pass imports into the host module (pragma_import_llvm; TVM links it in and inlines every
; function into its callers, so a library gains no symbol and needs no other code).
;
; One entry per call site, reached through that site's slot (tvm_static_handle(): a private
; pointer, null until the first store calloc()s the entry and publishes it by compare-and-swap;
; never freed: one entry per call site and loaded library). An entry is 18 + n words:
;   [0] seq: 0 empty, odd while a store writes the entry, even (>= 2) when it is complete
;   [1] the data pointer of the buffer, [2..17] the 128-byte descriptor, [18..] the n key words
; A seqlock: load reads seq, the fields, then seq again and hits only if seq was even, non-zero
; and unchanged (and the data pointer and key words are equal); it never waits or writes.
; A store takes the entry by one compare-and-swap of seq from even to odd and gives up if
; another thread holds it (the descriptor the caller encoded is still right: it is only not
; cached this time). Fields are read and written with relaxed atomics, so a torn read is not
; undefined behaviour, only a miss.

@tvm_tma_tensor_map_cache_counter = internal global i64 0, align 8

declare noalias ptr @calloc(i64, i64)
declare void @free(ptr)

; 1 and the cached descriptor copied into %map where the entry holds %data and %key[0..n);
; else 0 (%map unspecified).
define i32 @tvm_tma_tensor_map_cache_load(ptr %slot, ptr %map, ptr %data, ptr %key, i32 %n) {
entry:
  %e = load atomic ptr, ptr %slot acquire, align 8
  %empty = icmp eq ptr %e, null
  br i1 %empty, label %miss, label %begin

begin:
  %s0 = load atomic i64, ptr %e acquire, align 8
  %odd = and i64 %s0, 1
  %unset = icmp eq i64 %s0, 0
  %busy = icmp ne i64 %odd, 0
  %skip = or i1 %unset, %busy
  br i1 %skip, label %miss, label %pointer

pointer:
  %data_at = getelementptr inbounds i64, ptr %e, i64 1
  %cached_data = load atomic i64, ptr %data_at monotonic, align 8
  %data_word = ptrtoint ptr %data to i64
  %same_data = icmp eq i64 %cached_data, %data_word
  br i1 %same_data, label %key_loop, label %miss

key_loop:
  %i = phi i32 [ 0, %pointer ], [ %i_next, %key_next ]
  %key_done = icmp sge i32 %i, %n
  br i1 %key_done, label %copy_loop, label %key_word

key_word:
  %i_wide = zext i32 %i to i64
  %cached_key_at_i = add i64 %i_wide, 18
  %cached_key_at = getelementptr inbounds i64, ptr %e, i64 %cached_key_at_i
  %cached_key = load atomic i64, ptr %cached_key_at monotonic, align 8
  %key_at = getelementptr inbounds i64, ptr %key, i64 %i_wide
  %key_value = load i64, ptr %key_at, align 8
  %same_key = icmp eq i64 %cached_key, %key_value
  br i1 %same_key, label %key_next, label %miss

key_next:
  %i_next = add i32 %i, 1
  br label %key_loop

copy_loop:
  %j = phi i64 [ 0, %key_loop ], [ %j_next, %copy_loop ]
  %cached_map_at_j = add i64 %j, 2
  %cached_map_at = getelementptr inbounds i64, ptr %e, i64 %cached_map_at_j
  %word = load atomic i64, ptr %cached_map_at monotonic, align 8
  %map_at = getelementptr inbounds i64, ptr %map, i64 %j
  store i64 %word, ptr %map_at, align 8
  %j_next = add i64 %j, 1
  %copied = icmp eq i64 %j_next, 16
  br i1 %copied, label %validate, label %copy_loop

validate:
  fence acquire
  %s1 = load atomic i64, ptr %e monotonic, align 8
  %unchanged = icmp eq i64 %s0, %s1
  %hit = zext i1 %unchanged to i32
  ret i32 %hit

miss:
  ret i32 0
}

; Count one encode and cache the descriptor in %map for %data and %key[0..n) (unless another
; thread is storing into the entry, or calloc fails). Returns 0.
define i32 @tvm_tma_tensor_map_cache_store(ptr %slot, ptr %map, ptr %data, ptr %key, i32 %n) {
entry:
  %counted = atomicrmw add ptr @tvm_tma_tensor_map_cache_counter, i64 1 monotonic, align 8
  %e0 = load atomic ptr, ptr %slot acquire, align 8
  %exists = icmp ne ptr %e0, null
  br i1 %exists, label %lock, label %allocate

allocate:
  %n_wide = zext i32 %n to i64
  %words = add i64 %n_wide, 18
  %new = call ptr @calloc(i64 %words, i64 8)
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
  store atomic i64 %data_word, ptr %data_at monotonic, align 8
  br label %key_loop

key_loop:
  %i = phi i32 [ 0, %write ], [ %i_next, %key_word ]
  %key_done = icmp sge i32 %i, %n
  br i1 %key_done, label %copy_loop, label %key_word

key_word:
  %i_wide = zext i32 %i to i64
  %key_at = getelementptr inbounds i64, ptr %key, i64 %i_wide
  %key_value = load i64, ptr %key_at, align 8
  %cached_key_at_i = add i64 %i_wide, 18
  %cached_key_at = getelementptr inbounds i64, ptr %e, i64 %cached_key_at_i
  store atomic i64 %key_value, ptr %cached_key_at monotonic, align 8
  %i_next = add i32 %i, 1
  br label %key_loop

copy_loop:
  %j = phi i64 [ 0, %key_loop ], [ %j_next, %copy_loop ]
  %map_at = getelementptr inbounds i64, ptr %map, i64 %j
  %word = load i64, ptr %map_at, align 8
  %cached_map_at_j = add i64 %j, 2
  %cached_map_at = getelementptr inbounds i64, ptr %e, i64 %cached_map_at_j
  store atomic i64 %word, ptr %cached_map_at monotonic, align 8
  %j_next = add i64 %j, 1
  %copied = icmp eq i64 %j_next, 16
  br i1 %copied, label %release, label %copy_loop

release:
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
