/* Two kernels of the Sokoban push searches, compiled: the freeze test of
 * puzzleplan.translator.sokoban.analysis (Analysis.frozen_with) and the innermost loop of its PI-corral
 * pruning (puzzleplan.translator.sokoban.corrals._pushed_beyond), the same answers as the Python code.
 *
 * Both read a board packed by Analysis.board: int32 numbers, first the count of cells, then for each cell
 * CELL_FIELDS of them: its pushes (keeper cell behind, target cell) in the order of Analysis.lines, -1 after
 * the last; its two axes along which a box can move (the two neighbours, as Analysis.sides), -1 after the
 * last; and 1 when it is a goal. Masks are Python ints, copied into arrays of 64-bit words (little-endian,
 * as the machine's) and back.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define CELL_FIELDS 13
#define LINES 0
#define SIDES 8
#define GOAL 12
#define MAX_WORDS 64 /* boards of up to 4,096 cells; Analysis.board packs none larger */

typedef struct {
    const int32_t *cells; /* CELL_FIELDS numbers per cell */
    Py_ssize_t count;     /* cells */
    Py_ssize_t words;     /* 64-bit words of a mask of the board */
} Board;

static inline int has(const uint64_t *mask, int32_t cell) { return (int)((mask[cell >> 6] >> (cell & 63)) & 1); }
static inline void put(uint64_t *mask, int32_t cell) { mask[cell >> 6] |= (uint64_t)1 << (cell & 63); }
static inline void drop(uint64_t *mask, int32_t cell) { mask[cell >> 6] &= ~((uint64_t)1 << (cell & 63)); }

/* Read a packed board (a bytes object); 0, or -1 with an exception set. */
static int board_of(PyObject *packed, Board *board) {
    if (!PyBytes_Check(packed)) {
        PyErr_SetString(PyExc_TypeError, "a board is packed as bytes (Analysis.board)");
        return -1;
    }
    Py_ssize_t size = PyBytes_GET_SIZE(packed);
    board->cells = (const int32_t *)PyBytes_AS_STRING(packed) + 1;
    board->count = size >= 4 ? ((const int32_t *)PyBytes_AS_STRING(packed))[0] : -1;
    board->words = (board->count + 63) / 64;
    if (board->count < 0 || size != 4 * (1 + board->count * CELL_FIELDS) || board->words > MAX_WORDS) {
        PyErr_SetString(PyExc_ValueError, "not a packed board of at most 4,096 cells");
        return -1;
    }
    return 0;
}

/* Copy a mask of the board (a non-negative int below 2**cells) into the board's words; 0, or -1. */
static int mask_of(PyObject *mask, const Board *board, uint64_t *words) {
    if (!PyLong_Check(mask) || _PyLong_Sign(mask) < 0 || _PyLong_NumBits(mask) > (size_t)board->count) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a mask is an int of the board's cells");
        return -1;
    }
    memset(words, 0, (size_t)board->words * 8);
    return _PyLong_AsByteArray((PyLongObject *)mask, (unsigned char *)words, (size_t)board->words * 8, 1, 0);
}

static PyObject *int_of(const uint64_t *words, const Board *board) {
    return _PyLong_FromByteArray((const unsigned char *)words, (size_t)board->words * 8, 1, 0);
}

/* Whether the box on `box` is frozen: along each axis a wall, a cell of `walls` or a frozen box beside it
 * (Analysis._frozen). When it is, its cluster's boxes are added to `cluster` and `off_goal` counts those
 * off their goals; when not, neither changes. `walls` holds the boxes above it in the recursion. */
static int frozen(const Board *board, int32_t box, const uint64_t *boxes, uint64_t *walls, uint64_t *cluster,
                  int *off_goal) {
    const int32_t *cell = board->cells + (Py_ssize_t)box * CELL_FIELDS;
    uint64_t mine[MAX_WORDS];
    int mine_off = 0, stuck = 1;
    memset(mine, 0, (size_t)board->words * 8);
    put(walls, box);
    for (int axis = 0; stuck && axis < 2 && cell[SIDES + 2 * axis] >= 0; axis++) {
        int32_t first = cell[SIDES + 2 * axis], second = cell[SIDES + 2 * axis + 1];
        if (has(walls, first) || has(walls, second))
            continue;
        stuck = (has(boxes, first) && frozen(board, first, boxes, walls, mine, &mine_off)) ||
                (has(boxes, second) && frozen(board, second, boxes, walls, mine, &mine_off));
    }
    drop(walls, box);
    if (!stuck)
        return 0;
    for (Py_ssize_t i = 0; i < board->words; i++)
        cluster[i] |= mine[i];
    put(cluster, box);
    *off_goal += mine_off + !cell[GOAL];
    return 1;
}

/* Analysis.frozen_with: -1 when the box on `box` is frozen with a box off its goal (a deadlock), else 0 with
 * `cluster` the mask of the boxes it is frozen with (all on goals; empty when it can move). */
static int frozen_cluster(const Board *board, int32_t box, const uint64_t *boxes, uint64_t *cluster) {
    const int32_t *cell = board->cells + (Py_ssize_t)box * CELL_FIELDS;
    uint64_t walls[MAX_WORDS];
    int off_goal = 0;
    memset(cluster, 0, (size_t)board->words * 8);
    for (int axis = 0; axis < 2 && cell[SIDES + 2 * axis] >= 0; axis++)
        if (!has(boxes, cell[SIDES + 2 * axis]) && !has(boxes, cell[SIDES + 2 * axis + 1]))
            return 0; /* free along an axis */
    memset(walls, 0, (size_t)board->words * 8);
    if (!frozen(board, box, boxes, walls, cluster, &off_goal)) {
        memset(cluster, 0, (size_t)board->words * 8);
        return 0;
    }
    return off_goal ? -1 : 0;
}

static int cell_of(PyObject *number, const Board *board, int32_t *cell) {
    long value = PyLong_AsLong(number);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (value < 0 || value >= board->count) {
        PyErr_SetString(PyExc_ValueError, "a cell of the board");
        return -1;
    }
    *cell = (int32_t)value;
    return 0;
}

static PyObject *frozen_with(PyObject *self, PyObject *args) {
    PyObject *packed, *box_number, *box_mask;
    Board board;
    int32_t box;
    uint64_t boxes[MAX_WORDS], cluster[MAX_WORDS];
    if (!PyArg_ParseTuple(args, "OOO", &packed, &box_number, &box_mask) || board_of(packed, &board) < 0 ||
        cell_of(box_number, &board, &box) < 0 || mask_of(box_mask, &board, boxes) < 0)
        return NULL;
    if (frozen_cluster(&board, box, boxes, cluster) < 0)
        Py_RETURN_NONE;
    return int_of(cluster, &board);
}

/* The freeze test of the corral pruning (corrals._freezes): whether pushing the barrier box on `box` onto
 * `target` freezes it with the barrier and walls alone, a box off its goal among them. */
static int freezes(const Board *board, const uint64_t *barrier, int32_t box, int32_t target) {
    uint64_t moved[MAX_WORDS], cluster[MAX_WORDS];
    memcpy(moved, barrier, (size_t)board->words * 8);
    drop(moved, box);
    put(moved, target);
    return frozen_cluster(board, target, moved, cluster) < 0;
}

/* corrals._pushed_beyond: the cells of other corrals where a barrier box's push ends or else starts, and
 * whether some push goes out of the corral from a cell the keeper may reach. */
static int pushed_beyond(const Board *board, const uint64_t *corral, const uint64_t *barrier, const uint64_t *free,
                         uint64_t *beyond) {
    uint64_t fence[MAX_WORDS];
    int out = 0;
    for (Py_ssize_t i = 0; i < board->words; i++)
        fence[i] = corral[i] | barrier[i], beyond[i] = 0;
    for (Py_ssize_t i = 0; i < board->words; i++) {
        for (uint64_t word = barrier[i]; word; word &= word - 1) {
            int32_t box = (int32_t)(i * 64 + __builtin_ctzll(word));
            const int32_t *line = board->cells + (Py_ssize_t)box * CELL_FIELDS + LINES;
            for (int k = 0; k < 4 && line[2 * k] >= 0; k++) {
                int32_t behind = line[2 * k], target = line[2 * k + 1], cell = -1;
                if (has(fence, behind) || has(barrier, target))
                    continue;
                int inward = has(corral, target);
                if (has(free, behind))
                    cell = inward || !has(free, target) ? behind : target;
                else if (inward || (!has(free, target) && out))
                    continue;
                else if (has(free, target))
                    cell = target;
                if ((cell >= 0 && has(beyond, cell)) || freezes(board, barrier, box, target))
                    continue;
                if (cell >= 0)
                    put(beyond, cell);
                else
                    out = 1;
            }
        }
    }
    return out;
}

static PyObject *pushed_beyond_py(PyObject *self, PyObject *args) {
    PyObject *packed, *masks[3];
    Board board;
    uint64_t words[3][MAX_WORDS], beyond[MAX_WORDS];
    if (!PyArg_ParseTuple(args, "OOOO", &packed, &masks[0], &masks[1], &masks[2]) || board_of(packed, &board) < 0)
        return NULL;
    for (int i = 0; i < 3; i++)
        if (mask_of(masks[i], &board, words[i]) < 0)
            return NULL;
    int out = pushed_beyond(&board, words[0], words[1], words[2], beyond);
    PyObject *cells = int_of(beyond, &board);
    return cells ? Py_BuildValue("(NO)", cells, out ? Py_True : Py_False) : NULL;
}

static PyMethodDef methods[] = {
    {"frozen_with", frozen_with, METH_VARARGS,
     "frozen_with(board, box, boxes) -> int | None: Analysis.frozen_with on a packed board."},
    {"pushed_beyond", pushed_beyond_py, METH_VARARGS,
     "pushed_beyond(board, corral, barrier, free) -> (int, bool): corrals._pushed_beyond on a packed board."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_corrals", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__corrals(void) { return PyModule_Create(&module); }
