/* The pattern database search of puzzleplan.translator.tiles.pdb, compiled: the same distances as its
 * backward 0-1 breadth-first search over (pattern tiles' cells, blank cell), found faster.
 *
 * A state is the base-N number whose digit 0 is the blank's cell and digit i + 1 the cell of the pattern's
 * i-th tile (N the board's cell count). The blank moving into a cell no pattern tile holds costs 0, so all
 * the cells of one region of free cells (connected cells no pattern tile holds) have one distance: the
 * search labels each region once, by its lowest cell, and every move is then a pattern tile moving into a
 * cell of the blank's region (cost 1): a plain breadth-first search, over about a tenth of the states.
 * Cells of a region other than its lowest stay unlabelled (255), which the table's minimum over the blank's
 * cells ignores. Between depths it calls back with the number of (placement, blank cell) states labelled
 * (a region counts its cells), so the caller can show progress and stop; a true result or an exception from
 * the callback ends the search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UNSEEN 255
#define MAX_TILES 15
#define MAX_CELLS 64

typedef struct {
    uint8_t *dist;
    int cells, width, tiles;
    int64_t powers[MAX_TILES + 1];
    uint64_t board, left, right; /* all cells; all but the left column; all but the right column */
    uint64_t near[MAX_CELLS];    /* each cell's neighbours */
} Board;

/* The region of `free` cells connected to the cells of `seed`. */
static uint64_t region(const Board *b, uint64_t seed, uint64_t free) {
    uint64_t grown = seed;
    do {
        seed = grown;
        grown = seed | ((seed & b->left) >> 1) | ((seed & b->right) << 1) | (seed >> b->width) | (seed << b->width);
        grown &= free;
    } while (grown != seed);
    return seed;
}

/* Expand the state labelled `depth`: each pattern tile next to the blank's region moves into it. */
static inline Py_ssize_t expand(const Board *b, int cells, int64_t state, uint8_t depth, Py_ssize_t *labelled) {
    Py_ssize_t found = 0;
    int64_t rest = state / cells;
    int cell[MAX_TILES + 1];
    uint64_t taken = 0;
    for (int i = 1; i <= b->tiles; i++) {
        cell[i] = (int)(rest % cells);
        rest /= cells;
        taken |= (uint64_t)1 << cell[i];
    }
    int lowest = (int)(state % cells);
    uint64_t free = b->board & ~taken, blank = region(b, (uint64_t)1 << lowest, free);
    *labelled += __builtin_popcountll(blank);
    for (int i = 1; i <= b->tiles; i++) {
        uint64_t into = b->near[cell[i]] & blank, after = (free | ((uint64_t)1 << cell[i]));
        while (into) {
            int target = __builtin_ctzll(into);
            into &= into - 1;
            uint64_t now = region(b, (uint64_t)1 << cell[i], after & ~((uint64_t)1 << target));
            int64_t moved = state - lowest + __builtin_ctzll(now) + (int64_t)(target - cell[i]) * b->powers[i];
            if (b->dist[moved] == UNSEEN) {
                b->dist[moved] = (uint8_t)(depth + 1);
                found++;
            }
        }
    }
    return found;
}

/* The board's masks, or -1 when it is too large. */
static int setup(Board *b, int height, int width, int tiles) {
    b->cells = height * width;
    b->width = width;
    b->tiles = tiles;
    if (b->cells > MAX_CELLS || tiles > MAX_TILES || tiles < 1) return -1;
    b->powers[0] = 1;
    for (int i = 1; i <= tiles; i++) b->powers[i] = b->powers[i - 1] * b->cells;
    b->board = b->cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << b->cells) - 1;
    b->left = b->right = b->board;
    for (int cell = 0; cell < b->cells; cell++) {
        int row = cell / width, col = cell % width;
        uint64_t bit = (uint64_t)1 << cell;
        if (col == 0) b->left &= ~bit;
        if (col == width - 1) b->right &= ~bit;
        b->near[cell] = (row > 0 ? bit >> width : 0) | (row < height - 1 ? bit << width : 0) |
                        (col > 0 ? bit >> 1 : 0) | (col < width - 1 ? bit << 1 : 0);
    }
    return 0;
}

/* The start state labelled by its region's lowest cell. */
static int64_t lowest_start(const Board *b, int64_t start) {
    uint64_t taken = 0;
    for (int i = 1; i <= b->tiles; i++) taken |= (uint64_t)1 << ((start / b->powers[i]) % b->cells);
    int blank = (int)(start % b->cells);
    return start - blank + __builtin_ctzll(region(b, (uint64_t)1 << blank, b->board & ~taken));
}

/* Expand every state labelled `depth`, in the order of their numbers (a sweep over the table: its
 * successors' numbers then come in runs, which the memory caches serve); the number of states labelled
 * `depth + 1`. */
static Py_ssize_t sweep(const Board *b, Py_ssize_t size, uint8_t depth, Py_ssize_t *labelled) {
    Py_ssize_t found = 0;
    for (Py_ssize_t block = 0; block < size; block += 8) {
        uint64_t word = ~(uint64_t)0;
        if (block + 8 <= size) memcpy(&word, b->dist + block, 8);
        if (word == ~(uint64_t)0 && block + 8 <= size) continue; /* eight unseen states */
        for (Py_ssize_t state = block; state < block + 8 && state < size; state++) {
            if (b->dist[state] != depth) continue;
            /* the 4x4 board's cell count as a constant: its divisions become shifts */
            found += b->cells == 16 ? expand(b, 16, state, depth, labelled) : expand(b, b->cells, state, depth, labelled);
        }
    }
    return found;
}

static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer view;
    long long start;
    int height, width, tiles;
    PyObject *callback, *stopped = NULL;
    if (!PyArg_ParseTuple(args, "w*LiiiO", &view, &start, &height, &width, &tiles, &callback)) return NULL;
    Board b = {.dist = view.buf};
    if (setup(&b, height, width, tiles)) {
        PyBuffer_Release(&view);
        return PyErr_Format(PyExc_ValueError, "boards up to %d cells and %d pattern tiles", MAX_CELLS, MAX_TILES);
    }
    Py_ssize_t labelled = 0, found = 1;
    b.dist[lowest_start(&b, start)] = 0;
    for (int depth = 0; found; depth++) {
        if (depth >= UNSEEN - 1) {
            PyErr_SetString(PyExc_ValueError, "distances beyond 253 moves");
            break;
        }
        found = sweep(&b, view.len, (uint8_t)depth, &labelled);
        stopped = PyObject_CallFunction(callback, "n", labelled);
        if (!stopped || PyObject_IsTrue(stopped)) break;
        Py_CLEAR(stopped);
    }
    PyBuffer_Release(&view);
    if (PyErr_Occurred()) {
        Py_XDECREF(stopped);
        return NULL;
    }
    if (stopped) {
        Py_DECREF(stopped);
        Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS,
     "search(dist, start, height, width, tiles, callback) -> bool: label dist (uint8, all 255) with every "
     "state's distance from `start`; callback(labelled) between depths, true to stop (then False)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_pdb_search", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__pdb_search(void) { return PyModule_Create(&module); }
