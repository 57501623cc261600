;; scores(matrix, rows, stride, query, out): out[row] = dot(matrix[row], query) for `rows` rows of
;; `stride` float32s each (stride a multiple of 8; pointers are byte offsets into the imported memory).
;; f32x4 SIMD with two accumulators: ~4x the plain JavaScript loop.
;; scores4(matrix, rows, stride, queries, out, outStride): the same for four queries stored one after
;; the other (`stride` floats each) in one pass over the matrix, out[q * outStride + row]: scoring is
;; bound by reading the matrix, so four queries cost little more than one.
;; scores4i8(matrix, rows, stride, queries, scales, out, outStride): the first pass over the int8 copy
;; (quantized-matrix.ts): rows of `stride` int8s (a multiple of 16), four queries of `stride` int16s each,
;; out[q * outStride + row] = dot(row, query q) × scales[row] (one float32 scale per row). A quarter of
;; the bytes of the float32 matrix to read; i32 sums cannot overflow for |int8| ≤ 127, |int16| ≤ 8191 and
;; up to 8,192 dimensions.
;; scores2i8(...): the same for two queries (half the arithmetic; a question has one or two vectors).
;; Rebuild the embedded bytes with
;;   wat2wasm cosine-scores.wat -o /dev/stdout | base64 -w0   → cosine-scores-wasm.ts
(module
  (import "env" "memory" (memory 1))
  (func $sum (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))
  (func (export "scores") (param $matrix i32) (param $rows i32) (param $stride i32) (param $query i32) (param $out i32)
    (local $row i32) (local $offset i32) (local $bytes i32) (local $rowStart i32) (local $sum0 v128) (local $sum1 v128) (local $total v128)
    (local.set $bytes (i32.shl (local.get $stride) (i32.const 2)))
    (local.set $rowStart (local.get $matrix))
    (block $rowsDone
      (loop $rowsLoop
        (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $sum0 (v128.const f32x4 0 0 0 0))
        (local.set $sum1 (v128.const f32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (block $rowDone
          (loop $rowLoop
            (br_if $rowDone (i32.ge_u (local.get $offset) (local.get $bytes)))
            (local.set $sum0 (f32x4.add (local.get $sum0) (f32x4.mul
              (v128.load (i32.add (local.get $rowStart) (local.get $offset)))
              (v128.load (i32.add (local.get $query) (local.get $offset))))))
            (local.set $sum1 (f32x4.add (local.get $sum1) (f32x4.mul
              (v128.load offset=16 (i32.add (local.get $rowStart) (local.get $offset)))
              (v128.load offset=16 (i32.add (local.get $query) (local.get $offset))))))
            (local.set $offset (i32.add (local.get $offset) (i32.const 32)))
            (br $rowLoop)))
        (local.set $total (f32x4.add (local.get $sum0) (local.get $sum1)))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $row) (i32.const 2))) (call $sum (local.get $total)))
        (local.set $rowStart (i32.add (local.get $rowStart) (local.get $bytes)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rowsLoop))))
  (func (export "scores4") (param $matrix i32) (param $rows i32) (param $stride i32) (param $queries i32) (param $out i32) (param $outStride i32)
    (local $row i32) (local $offset i32) (local $bytes i32) (local $rowStart i32) (local $outBytes i32) (local $cell i32)
    (local $q1 i32) (local $q2 i32) (local $q3 i32)
    (local $v v128) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local.set $bytes (i32.shl (local.get $stride) (i32.const 2)))
    (local.set $outBytes (i32.shl (local.get $outStride) (i32.const 2)))
    (local.set $q1 (i32.add (local.get $queries) (local.get $bytes)))
    (local.set $q2 (i32.add (local.get $q1) (local.get $bytes)))
    (local.set $q3 (i32.add (local.get $q2) (local.get $bytes)))
    (local.set $rowStart (local.get $matrix))
    (block $rowsDone
      (loop $rowsLoop
        (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $s0 (v128.const f32x4 0 0 0 0))
        (local.set $s1 (v128.const f32x4 0 0 0 0))
        (local.set $s2 (v128.const f32x4 0 0 0 0))
        (local.set $s3 (v128.const f32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (block $rowDone
          (loop $rowLoop
            (br_if $rowDone (i32.ge_u (local.get $offset) (local.get $bytes)))
            (local.set $v (v128.load (i32.add (local.get $rowStart) (local.get $offset))))
            (local.set $s0 (f32x4.add (local.get $s0) (f32x4.mul (local.get $v) (v128.load (i32.add (local.get $queries) (local.get $offset))))))
            (local.set $s1 (f32x4.add (local.get $s1) (f32x4.mul (local.get $v) (v128.load (i32.add (local.get $q1) (local.get $offset))))))
            (local.set $s2 (f32x4.add (local.get $s2) (f32x4.mul (local.get $v) (v128.load (i32.add (local.get $q2) (local.get $offset))))))
            (local.set $s3 (f32x4.add (local.get $s3) (f32x4.mul (local.get $v) (v128.load (i32.add (local.get $q3) (local.get $offset))))))
            (local.set $offset (i32.add (local.get $offset) (i32.const 16)))
            (br $rowLoop)))
        (local.set $cell (i32.add (local.get $out) (i32.shl (local.get $row) (i32.const 2))))
        (f32.store (local.get $cell) (call $sum (local.get $s0)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (call $sum (local.get $s1)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (call $sum (local.get $s2)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (call $sum (local.get $s3)))
        (local.set $rowStart (i32.add (local.get $rowStart) (local.get $bytes)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rowsLoop))))
  (func $isum (param $v v128) (result i32)
    (i32.add
      (i32.add (i32x4.extract_lane 0 (local.get $v)) (i32x4.extract_lane 1 (local.get $v)))
      (i32.add (i32x4.extract_lane 2 (local.get $v)) (i32x4.extract_lane 3 (local.get $v)))))
  (func (export "scores4i8") (param $matrix i32) (param $rows i32) (param $stride i32) (param $queries i32) (param $scales i32) (param $out i32) (param $outStride i32)
    (local $row i32) (local $offset i32) (local $rowStart i32) (local $outBytes i32) (local $cell i32) (local $scale f32)
    (local $queryBytes i32) (local $q0 i32) (local $q1 i32) (local $q2 i32) (local $q3 i32)
    (local $v v128) (local $low v128) (local $high v128) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local.set $outBytes (i32.shl (local.get $outStride) (i32.const 2)))
    (local.set $queryBytes (i32.shl (local.get $stride) (i32.const 1)))
    (local.set $q1 (i32.add (local.get $queries) (local.get $queryBytes)))
    (local.set $q2 (i32.add (local.get $q1) (local.get $queryBytes)))
    (local.set $q3 (i32.add (local.get $q2) (local.get $queryBytes)))
    (local.set $rowStart (local.get $matrix))
    (block $rowsDone
      (loop $rowsLoop
        (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $s0 (v128.const i32x4 0 0 0 0))
        (local.set $s1 (v128.const i32x4 0 0 0 0))
        (local.set $s2 (v128.const i32x4 0 0 0 0))
        (local.set $s3 (v128.const i32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (block $rowDone
          (loop $rowLoop
            (br_if $rowDone (i32.ge_u (local.get $offset) (local.get $stride)))
            (local.set $v (v128.load (i32.add (local.get $rowStart) (local.get $offset))))
            (local.set $low (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $high (i16x8.extend_high_i8x16_s (local.get $v)))
            ;; query lanes for these 16 dimensions start at byte 2 × offset of each query
            (local.set $q0 (i32.add (local.get $queries) (i32.shl (local.get $offset) (i32.const 1))))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.add
              (i32x4.dot_i16x8_s (local.get $low) (v128.load (local.get $q0)))
              (i32x4.dot_i16x8_s (local.get $high) (v128.load offset=16 (local.get $q0))))))
            (local.set $q0 (i32.add (local.get $q0) (local.get $queryBytes)))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.add
              (i32x4.dot_i16x8_s (local.get $low) (v128.load (local.get $q0)))
              (i32x4.dot_i16x8_s (local.get $high) (v128.load offset=16 (local.get $q0))))))
            (local.set $q0 (i32.add (local.get $q0) (local.get $queryBytes)))
            (local.set $s2 (i32x4.add (local.get $s2) (i32x4.add
              (i32x4.dot_i16x8_s (local.get $low) (v128.load (local.get $q0)))
              (i32x4.dot_i16x8_s (local.get $high) (v128.load offset=16 (local.get $q0))))))
            (local.set $q0 (i32.add (local.get $q0) (local.get $queryBytes)))
            (local.set $s3 (i32x4.add (local.get $s3) (i32x4.add
              (i32x4.dot_i16x8_s (local.get $low) (v128.load (local.get $q0)))
              (i32x4.dot_i16x8_s (local.get $high) (v128.load offset=16 (local.get $q0))))))
            (local.set $offset (i32.add (local.get $offset) (i32.const 16)))
            (br $rowLoop)))
        (local.set $scale (f32.load (i32.add (local.get $scales) (i32.shl (local.get $row) (i32.const 2)))))
        (local.set $cell (i32.add (local.get $out) (i32.shl (local.get $row) (i32.const 2))))
        (f32.store (local.get $cell) (f32.mul (f32.convert_i32_s (call $isum (local.get $s0))) (local.get $scale)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (f32.mul (f32.convert_i32_s (call $isum (local.get $s1))) (local.get $scale)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (f32.mul (f32.convert_i32_s (call $isum (local.get $s2))) (local.get $scale)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (f32.mul (f32.convert_i32_s (call $isum (local.get $s3))) (local.get $scale)))
        (local.set $rowStart (i32.add (local.get $rowStart) (local.get $stride)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rowsLoop))))
  (func (export "scores2i8") (param $matrix i32) (param $rows i32) (param $stride i32) (param $queries i32) (param $scales i32) (param $out i32) (param $outStride i32)
    (local $row i32) (local $offset i32) (local $rowStart i32) (local $outBytes i32) (local $cell i32) (local $scale f32)
    (local $queryBytes i32) (local $q0 i32)
    (local $v v128) (local $low v128) (local $high v128) (local $s0 v128) (local $s1 v128)
    (local.set $outBytes (i32.shl (local.get $outStride) (i32.const 2)))
    (local.set $queryBytes (i32.shl (local.get $stride) (i32.const 1)))
    (local.set $rowStart (local.get $matrix))
    (block $rowsDone
      (loop $rowsLoop
        (br_if $rowsDone (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $s0 (v128.const i32x4 0 0 0 0))
        (local.set $s1 (v128.const i32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (block $rowDone
          (loop $rowLoop
            (br_if $rowDone (i32.ge_u (local.get $offset) (local.get $stride)))
            (local.set $v (v128.load (i32.add (local.get $rowStart) (local.get $offset))))
            (local.set $low (i16x8.extend_low_i8x16_s (local.get $v)))
            (local.set $high (i16x8.extend_high_i8x16_s (local.get $v)))
            ;; query lanes for these 16 dimensions start at byte 2 × offset of each query
            (local.set $q0 (i32.add (local.get $queries) (i32.shl (local.get $offset) (i32.const 1))))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.add
              (i32x4.dot_i16x8_s (local.get $low) (v128.load (local.get $q0)))
              (i32x4.dot_i16x8_s (local.get $high) (v128.load offset=16 (local.get $q0))))))
            (local.set $q0 (i32.add (local.get $q0) (local.get $queryBytes)))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.add
              (i32x4.dot_i16x8_s (local.get $low) (v128.load (local.get $q0)))
              (i32x4.dot_i16x8_s (local.get $high) (v128.load offset=16 (local.get $q0))))))
            (local.set $offset (i32.add (local.get $offset) (i32.const 16)))
            (br $rowLoop)))
        (local.set $scale (f32.load (i32.add (local.get $scales) (i32.shl (local.get $row) (i32.const 2)))))
        (local.set $cell (i32.add (local.get $out) (i32.shl (local.get $row) (i32.const 2))))
        (f32.store (local.get $cell) (f32.mul (f32.convert_i32_s (call $isum (local.get $s0))) (local.get $scale)))
        (local.set $cell (i32.add (local.get $cell) (local.get $outBytes)))
        (f32.store (local.get $cell) (f32.mul (f32.convert_i32_s (call $isum (local.get $s1))) (local.get $scale)))
        (local.set $rowStart (i32.add (local.get $rowStart) (local.get $stride)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rowsLoop)))))
