/* Four kernels of the Sokoban push searches, compiled, with the same answers as the Python code: the freeze
 * test of puzzleplan.translator.sokoban.analysis (Analysis.frozen_with), the innermost loop of its PI-corral
 * pruning (puzzleplan.translator.sokoban.corrals.pushed_beyond_loop), a position's pushes and pulls
 * (Analysis.pushes and pulls) and the fewest pushes (or pulls) of a lone box (analysis.move_one_box).
 *
 * All read a board packed by Analysis.board: int32 numbers, first the count of cells, then for each cell
 * CELL_FIELDS of them: its four neighbours in the order of analysis.NAMES (-1 where a wall is); its axes along
 * which a box can move (the two neighbours of each, as Analysis.sides), -1 after the last; 1 when it is live
 * (not a dead square); 1 when it is a goal. Masks are Python ints, copied into arrays of 64-bit words
 * (little-endian, as the machine's) and back (translator/_masks.h).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_masks.h"

#define CELL_FIELDS 10
#define NEIGHBOURS 0
#define SIDES 4
#define LIVE 8
#define GOAL 9
#define BACK(d) ((d) ^ 1) /* up-down and left-right: the opposite of a direction */
#define MAX_WORDS 64      /* boards of up to 4,096 cells; Analysis.board packs none larger */
#define MAX_AREAS 5       /* keeper areas met with a lone box on one cell: one per side, and the start's */

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
    Py_ssize_t bits = mask_bits(mask);
    if (bits < 0 || bits > board->count) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a mask is an int of the board's cells");
        return -1;
    }
    return mask_copy(mask, words, board->words);
}

/* The neighbour of `cell` in direction d, -1 where a wall is. */
static inline int32_t neighbour(const Board *board, int32_t cell, int d) {
    return board->cells[(Py_ssize_t)cell * CELL_FIELDS + NEIGHBOURS + d];
}

/* Whether `cell` is live: not a dead square, a box on it may still reach a goal. */
static inline int live(const Board *board, int32_t cell) {
    return board->cells[(Py_ssize_t)cell * CELL_FIELDS + LIVE];
}

/* Whether a box between `behind` and `target` can be pushed onto `target`: both floor, the target live. */
static inline int pushable(const Board *board, int32_t behind, int32_t target) {
    return behind >= 0 && target >= 0 && live(board, target);
}

static PyObject *int_of(const uint64_t *words, const Board *board) { return mask_int(words, board->words); }

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

/* corrals.pushed_beyond_loop: the cells of other corrals where a barrier box's push ends or else starts, and
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
            const int32_t *around = board->cells + (Py_ssize_t)box * CELL_FIELDS + NEIGHBOURS;
            for (int d = 0; d < 4; d++) {
                int32_t behind = around[BACK(d)], target = around[d], cell = -1;
                if (!pushable(board, behind, target) || has(fence, behind) || has(barrier, target))
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

/* Whether the keeper in `reach` can push the box on `box` in direction d onto a live free cell. */
static int can_push(const Board *board, const uint64_t *reach, const uint64_t *boxes, int32_t box, int d) {
    int32_t behind = neighbour(board, box, BACK(d)), target = neighbour(board, box, d);
    return pushable(board, behind, target) && has(reach, behind) && !has(boxes, target);
}

/* Whether the keeper in `reach` can pull the box on `box` in direction d: it stands on the live cell there
 * and steps on to a free one. */
static int can_pull(const Board *board, const uint64_t *reach, const uint64_t *boxes, int32_t box, int d) {
    int32_t target = neighbour(board, box, d), beyond = target >= 0 ? neighbour(board, target, d) : -1;
    return beyond >= 0 && has(reach, target) && live(board, target) && !has(boxes, beyond);
}

/* The breadth-first search of move_one_box: nodes (box cell, keeper area) in the order met, each with its
 * parent and the (cell, direction) label of the move that reached it. */
typedef struct {
    int32_t *cell, *parent, *label_cell, *label_direction;
    uint64_t *areas;          /* `words` words a node */
    int32_t *seen;            /* of each cell, the lowest cells of the areas met there plus 1, 0 after the last */
    int32_t *stack;           /* a flood's cells to visit */
    Py_ssize_t count, words;  /* nodes so far; words of a mask */
} Lone;

static uint64_t *area_of(const Lone *lone, Py_ssize_t node) { return lone->areas + node * lone->words; }

static int32_t lowest_cell(const uint64_t *mask, Py_ssize_t words) {
    for (Py_ssize_t i = 0; i < words; i++)
        if (mask[i])
            return (int32_t)(i * 64 + __builtin_ctzll(mask[i]));
    return -1;
}

/* The keeper's area from `keeper` with the box on `box`: the floor it walks to, `others` and the box in its
 * way (cell by cell along the neighbours: the cells of a board are all inside its walls). */
static void keeper_area(const Board *board, const Lone *lone, int32_t keeper, int32_t box, const uint64_t *others,
                        uint64_t *area) {
    Py_ssize_t top = 0;
    memset(area, 0, (size_t)lone->words * 8);
    put(area, keeper);
    lone->stack[top++] = keeper;
    while (top) {
        const int32_t *around = board->cells + (Py_ssize_t)lone->stack[--top] * CELL_FIELDS + NEIGHBOURS;
        for (int d = 0; d < 4; d++) {
            int32_t next = around[d];
            if (next >= 0 && next != box && !has(others, next) && !has(area, next)) {
                put(area, next);
                lone->stack[top++] = next;
            }
        }
    }
}

/* Queue the node (cell, area) unless met before (by its area's lowest cell); 1 when queued. */
static int meet(Lone *lone, int32_t cell, const uint64_t *area, int32_t parent, int32_t label_cell, int label_d) {
    int32_t key = lowest_cell(area, lone->words) + 1, *seen = lone->seen + (Py_ssize_t)cell * MAX_AREAS;
    int slot = 0;
    while (slot < MAX_AREAS && seen[slot] && seen[slot] != key)
        slot++;
    if (slot == MAX_AREAS || seen[slot] == key)
        return 0;
    seen[slot] = key;
    Py_ssize_t node = lone->count++;
    lone->cell[node] = cell, lone->parent[node] = parent;
    lone->label_cell[node] = label_cell, lone->label_direction[node] = label_d;
    memcpy(area_of(lone, node), area, (size_t)lone->words * 8);
    return 1;
}

/* The moves of the path to `node` and then (cell, direction), as a list of (cell, direction) tuples. */
static PyObject *path_to(const Lone *lone, Py_ssize_t node, int32_t cell, int direction) {
    Py_ssize_t length = 1;
    for (Py_ssize_t at = node; lone->parent[at] >= 0; at = lone->parent[at])
        length++;
    PyObject *path = PyList_New(length);
    for (Py_ssize_t at = node, i = length - 1; path && i >= 0; i--) {
        PyObject *move = Py_BuildValue("(ii)", cell, direction);
        if (!move) {
            Py_CLEAR(path);
            break;
        }
        PyList_SET_ITEM(path, i, move);
        cell = lone->label_cell[at], direction = lone->label_direction[at], at = lone->parent[at];
    }
    return path;
}

/* move_one_box's search, pushing or pulling: the path as a list, Py_None when there is none (new refs). */
static PyObject *lone_search(const Board *board, Lone *lone, int32_t box, const uint64_t *reach,
                             const uint64_t *others, const uint64_t *targets, int pulling) {
    uint64_t after[MAX_WORDS];
    meet(lone, box, reach, -1, -1, -1);
    for (Py_ssize_t node = 0; node < lone->count; node++) {
        int32_t from = lone->cell[node];
        for (int d = 0; d < 4; d++) {
            if (!(pulling ? can_pull : can_push)(board, area_of(lone, node), others, from, d))
                continue;
            int32_t target = neighbour(board, from, d), keeper = pulling ? neighbour(board, target, d) : from;
            if (has(others, target) || has(others, keeper))
                continue; /* the start's area is the caller's: it may hold a box */
            int32_t label_cell = pulling ? target : from;
            int label_d = pulling ? BACK(d) : d;
            if (has(targets, target))
                return path_to(lone, node, label_cell, label_d);
            keeper_area(board, lone, keeper, target, others, after);
            meet(lone, target, after, (int32_t)node, label_cell, label_d);
        }
    }
    Py_RETURN_NONE;
}

static PyObject *move_one_box(PyObject *self, PyObject *args) {
    PyObject *packed, *box_number, *masks[3];
    int pulling;
    Board board;
    int32_t box;
    uint64_t words[3][MAX_WORDS];
    if (!PyArg_ParseTuple(args, "OOOOOp", &packed, &box_number, &masks[0], &masks[1], &masks[2], &pulling) ||
        board_of(packed, &board) < 0 || cell_of(box_number, &board, &box) < 0)
        return NULL;
    for (int i = 0; i < 3; i++)
        if (mask_of(masks[i], &board, words[i]) < 0)
            return NULL;
    if (has(words[2], box))
        return PyList_New(0);
    Py_ssize_t most = board.count * MAX_AREAS; /* nodes: a cell's areas are at most MAX_AREAS */
    size_t numbers = (size_t)(4 * most + most + board.count);
    void *memory = PyMem_Malloc(numbers * 4 + (size_t)(most * board.words) * 8);
    if (!memory)
        return PyErr_NoMemory();
    Lone lone = {.areas = memory, .count = 0, .words = board.words};
    lone.cell = (int32_t *)(lone.areas + most * board.words);
    lone.parent = lone.cell + most, lone.label_cell = lone.parent + most, lone.label_direction = lone.label_cell + most;
    lone.seen = lone.label_direction + most, lone.stack = lone.seen + most;
    memset(lone.seen, 0, (size_t)most * 4);
    PyObject *path = lone_search(&board, &lone, box, words[0], words[1], words[2], pulling);
    PyMem_Free(memory);
    return path;
}

/* Analysis.pushes (pulling: Analysis.pulls): (box, direction, target) of every push (pull) the keeper can
 * make from its area `reach`, as a list in the order of the boxes and then the directions. */
static PyObject *moves_of(const Board *board, const uint64_t *reach, const uint64_t *boxes, int pulling) {
    PyObject *found = PyList_New(0);
    for (Py_ssize_t i = 0; found && i < board->words; i++) {
        for (uint64_t word = boxes[i]; found && word; word &= word - 1) {
            int32_t box = (int32_t)(i * 64 + __builtin_ctzll(word));
            for (int d = 0; found && d < 4; d++) {
                if (!(pulling ? can_pull : can_push)(board, reach, boxes, box, d))
                    continue;
                PyObject *move = Py_BuildValue("(iii)", box, d, neighbour(board, box, d));
                if (!move || PyList_Append(found, move) < 0)
                    Py_CLEAR(found);
                Py_XDECREF(move);
            }
        }
    }
    return found;
}

static PyObject *moves(PyObject *self, PyObject *args) {
    PyObject *packed, *masks[2];
    int pulling;
    Board board;
    uint64_t words[2][MAX_WORDS];
    if (!PyArg_ParseTuple(args, "OOOp", &packed, &masks[0], &masks[1], &pulling) || board_of(packed, &board) < 0 ||
        mask_of(masks[0], &board, words[0]) < 0 || mask_of(masks[1], &board, words[1]) < 0)
        return NULL;
    return moves_of(&board, words[0], words[1], pulling);
}

static PyMethodDef methods[] = {
    {"frozen_with", frozen_with, METH_VARARGS,
     "frozen_with(board, box, boxes) -> int | None: Analysis.frozen_with on a packed board."},
    {"pushed_beyond", pushed_beyond_py, METH_VARARGS,
     "pushed_beyond(board, corral, barrier, free) -> (int, bool): corrals.pushed_beyond_loop on a packed board."},
    {"moves", moves, METH_VARARGS,
     "moves(board, reach, boxes, pulling) -> list[(int, int, int)]: Analysis.pushes, or Analysis.pulls."},
    {"move_one_box", move_one_box, METH_VARARGS,
     "move_one_box(board, box, reach, others, targets, pulling) -> list[(int, int)] | None: analysis.move_one_box."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_analysis", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__analysis(void) { return PyModule_Create(&module); }
