/* Three kernels of puzzleplan.translator.bitset, compiled: sets of small integers held as Python ints.
 *
 * bits: the positions of the set bits of a mask, lowest first.
 * flood: the cells of an area connected to a seed on a grid `width` cells wide, bit-parallel: the mask
 * grows by its four neighbours (one bit and `width` bits either way) within the area until it stops
 * changing; the same mask as the Python loop, word by word instead of over whole ints.
 * flood8: the same with diagonal neighbours joined: the row of each cell, and the rows above and below.
 *
 * Masks are copied into arrays of 64-bit words (little-endian, as the machine's) and back (_masks.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_masks.h"

#define STACK_WORDS 64

/* Words of a non-negative int (none for 0), or -1 with an exception set. */
static Py_ssize_t words_of(PyObject *mask) {
    if (!PyLong_Check(mask)) {
        PyErr_SetString(PyExc_TypeError, "a mask is an int");
        return -1;
    }
    Py_ssize_t bits = mask_bits(mask);
    if (bits < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "a mask is never negative");
    return bits < 0 ? -1 : (bits + 63) / 64;
}

static PyObject *bits(PyObject *self, PyObject *mask) {
    Py_ssize_t count = words_of(mask);
    if (count < 0)
        return NULL;
    uint64_t stack[STACK_WORDS], *words = count <= STACK_WORDS ? stack : PyMem_Malloc((size_t)count * 8);
    PyObject *found = words ? PyList_New(0) : PyErr_NoMemory();
    if (found && mask_copy(mask, words, count) < 0)
        Py_CLEAR(found);
    for (Py_ssize_t i = 0; found && i < count; i++) {
        for (uint64_t word = words[i]; word; word &= word - 1) {
            PyObject *position = PyLong_FromSsize_t(i * 64 + __builtin_ctzll(word));
            if (!position || PyList_Append(found, position) < 0) {
                Py_XDECREF(position);
                Py_CLEAR(found);
                break;
            }
            Py_DECREF(position);
        }
    }
    if (words != stack)
        PyMem_Free(words);
    return found;
}

/* Word i of `words` shifted left by `shift` bits (right when negative), as one int of `count` words. */
static inline uint64_t shifted(const uint64_t *words, Py_ssize_t count, Py_ssize_t i, Py_ssize_t shift) {
    Py_ssize_t whole = (shift < 0 ? -shift : shift) / 64, part = (shift < 0 ? -shift : shift) % 64;
    Py_ssize_t near = shift < 0 ? i + whole : i - whole, far = shift < 0 ? near + 1 : near - 1;
    uint64_t low = near >= 0 && near < count ? words[near] : 0, high = far >= 0 && far < count ? words[far] : 0;
    if (part == 0)
        return low;
    return shift < 0 ? low >> part | high << (64 - part) : low << part | high >> (64 - part);
}

/* One step of the flood: grown = (reach and its four neighbours) & area; whether it changed. With `row` (a
 * scratch array of `count` words), eight neighbours as the Python loop finds them: the row of each cell (it and
 * its left and right, a bit shifted below the first dropped) and the rows above and below. */
static int grow(const uint64_t *reach, const uint64_t *area, uint64_t *grown, Py_ssize_t count, Py_ssize_t width,
                uint64_t *row) {
    int changed = 0;
    const uint64_t *middle = reach;
    if (row) {
        for (Py_ssize_t i = 0; i < count; i++)
            row[i] = reach[i] | shifted(reach, count, i, 1) | shifted(reach, count, i, -1);
        middle = row;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        uint64_t next = middle[i] | shifted(middle, count, i, width) | shifted(middle, count, i, -width);
        if (!row)
            next |= shifted(reach, count, i, 1) | shifted(reach, count, i, -1);
        grown[i] = next & area[i];
        changed |= grown[i] != reach[i];
    }
    return changed;
}

static PyObject *flood_of(PyObject *args, int diagonal) {
    PyObject *seed, *area;
    Py_ssize_t width;
    if (!PyArg_ParseTuple(args, "OOn", &seed, &area, &width))
        return NULL;
    if (width < 1) {
        PyErr_SetString(PyExc_ValueError, "flood takes a width of at least 1 cell");
        return NULL;
    }
    Py_ssize_t seed_words = words_of(seed), area_words = words_of(area);
    if (seed_words < 0 || area_words < 0)
        return NULL;
    Py_ssize_t count = (seed_words > area_words ? seed_words : area_words) + 1;
    uint64_t stack[4 * STACK_WORDS];
    uint64_t *memory = count <= STACK_WORDS ? stack : PyMem_Malloc((size_t)count * 4 * 8);
    if (!memory)
        return PyErr_NoMemory();
    uint64_t *reach = memory, *grown = memory + count, *cells = memory + 2 * count;
    uint64_t *row = diagonal ? memory + 3 * count : NULL;
    PyObject *result = NULL;
    if (mask_copy(seed, reach, count) == 0 && mask_copy(area, cells, count) == 0) {
        while (grow(reach, cells, grown, count, width, row)) {
            uint64_t *swap = reach;
            reach = grown, grown = swap;
        }
        result = mask_int(reach, count);
    }
    if (memory != stack)
        PyMem_Free(memory);
    return result;
}

static PyObject *flood(PyObject *self, PyObject *args) { return flood_of(args, 0); }

static PyObject *flood8(PyObject *self, PyObject *args) { return flood_of(args, 1); }

static PyMethodDef methods[] = {
    {"bits", bits, METH_O, "bits(mask) -> list[int]: the positions of the set bits, lowest first."},
    {"flood", flood, METH_VARARGS,
     "flood(seed, area, width) -> int: the cells of `area` connected to `seed` on a grid `width` cells wide."},
    {"flood8", flood8, METH_VARARGS, "flood8(seed, area, width) -> int: flood with diagonal neighbours joined."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bitset", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__bitset(void) { return PyModule_Create(&module); }
