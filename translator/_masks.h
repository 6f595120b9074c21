/* Masks, sets of small integers held as non-negative Python ints, copied into arrays of 64-bit words
 * (little-endian, as the machine's) and back: shared by the compiled kernels translator/_bitset.c and
 * translator/sokoban/_analysis.c (pyproject.toml lists this header in the `depends` of both).
 */
#ifndef PUZZLEPLAN_MASKS_H
#define PUZZLEPLAN_MASKS_H

#include <Python.h>
#include <stdint.h>
#include <string.h>

/* The bits of a mask (0 for 0); -1 when `mask` is not a non-negative int, with an exception set only when
 * Python raised one (the caller says what a mask must be). */
static inline Py_ssize_t mask_bits(PyObject *mask) {
    if (!PyLong_Check(mask) || _PyLong_Sign(mask) < 0)
        return -1;
    size_t bits = _PyLong_NumBits(mask);
    return bits == (size_t)-1 ? -1 : (Py_ssize_t)bits;
}

/* Copy a non-negative int into `count` words (zero-filled above its own); 0, or -1 with an exception set. */
static inline int mask_copy(PyObject *mask, uint64_t *words, Py_ssize_t count) {
    memset(words, 0, (size_t)count * 8);
    return _PyLong_AsByteArray((PyLongObject *)mask, (unsigned char *)words, (size_t)count * 8, 1, 0);
}

/* The int of `count` words (a new reference, or NULL with an exception set). */
static inline PyObject *mask_int(const uint64_t *words, Py_ssize_t count) {
    return _PyLong_FromByteArray((const unsigned char *)words, (size_t)count * 8, 1, 0);
}

#endif
