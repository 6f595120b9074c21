/* Two kernels of the Sokoban bounds, compiled.
 *
 * assign: the matching lower bound of puzzleplan.translator.sokoban.analysis: the least total cost of
 * giving each row (a box) its own column (a goal), by the Hungarian method with row and column potentials
 * (one shortest augmenting path per row, O(rows^2 * columns)). The same totals as scipy's assignment
 * solver, without building an array for each of the search's many small matchings.
 *
 * pairs: the table of puzzleplan.translator.sokoban.pair_penalties: for two boxes on live cells a < b and
 * the keeper on cell k (compact cell numbers), the fewest pushes that bring the two boxes alone onto two
 * goals, less the keeper-aware lone-box distances to those goals, least over all pairs of goals. One
 * backward breadth-first search over pulls per pair of goals, from every keeper cell round the two goals
 * (walking costs 0, a pull 1).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZE 256
#define HUGE_COST (INT64_MAX / 4)

/* The least total of costs[i * columns + j] over assignments of the rows to distinct columns. */
static int64_t assignment(const int64_t *costs, int rows, int columns) {
    int64_t u[MAX_SIZE + 1] = {0}, v[MAX_SIZE + 1] = {0}, least[MAX_SIZE + 1];
    int owner[MAX_SIZE + 1] = {0}, way[MAX_SIZE + 1] = {0}; /* owner[j]: the row given column j (1-based) */
    char used[MAX_SIZE + 1];
    for (int row = 1; row <= rows; row++) {
        int column = 0;
        owner[0] = row;
        for (int j = 0; j <= columns; j++) least[j] = HUGE_COST, used[j] = 0;
        do { /* grow the shortest path tree until it reaches a free column */
            used[column] = 1;
            int i = owner[column], next = 0;
            int64_t delta = HUGE_COST;
            for (int j = 1; j <= columns; j++) {
                if (used[j]) continue;
                int64_t reduced = costs[(i - 1) * columns + (j - 1)] - u[i] - v[j];
                if (reduced < least[j]) least[j] = reduced, way[j] = column;
                if (least[j] < delta) delta = least[j], next = j;
            }
            for (int j = 0; j <= columns; j++) {
                if (used[j]) u[owner[j]] += delta, v[j] -= delta;
                else least[j] -= delta;
            }
            column = next;
        } while (owner[column] != 0);
        do { /* flip the path back to the root */
            int before = way[column];
            owner[column] = owner[before];
            column = before;
        } while (column);
    }
    int64_t total = 0;
    for (int j = 1; j <= columns; j++)
        if (owner[j]) total += costs[(owner[j] - 1) * columns + (j - 1)];
    return total;
}

static PyObject *assign(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *table;
    if (!PyArg_ParseTuple(args, "O", &table)) return NULL;
    PyObject *rows = PySequence_Fast(table, "rows must be a sequence");
    if (!rows) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(rows), columns = -1;
    static int64_t costs[MAX_SIZE * MAX_SIZE];
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, i), "each row must be a sequence");
        if (!row) goto fail;
        Py_ssize_t width = PySequence_Fast_GET_SIZE(row);
        if (columns < 0) columns = width;
        if (width != columns || count > width || width > MAX_SIZE) {
            Py_DECREF(row);
            PyErr_Format(PyExc_ValueError, "rows of one length, at least as many columns, at most %d", MAX_SIZE);
            goto fail;
        }
        for (Py_ssize_t j = 0; j < width; j++) costs[i * width + j] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(row, j));
        Py_DECREF(row);
        if (PyErr_Occurred()) goto fail;
    }
    Py_DECREF(rows);
    return PyLong_FromLongLong(count ? assignment(costs, (int)count, (int)columns) : 0);
fail:
    Py_DECREF(rows);
    return NULL;
}

#define UNSEEN 0xFFFF
#define NO_PENALTY 255

typedef struct {
    int cells;
    const int32_t *neighbour; /* [cell * 4 + direction], -1 for a wall; directions up, down, left, right */
    const uint8_t *live;      /* [cell]: a box there can still reach a goal */
    const int32_t *single;    /* [goal][cell * 4 + keeper's part]: keeper-aware lone-box pushes */
    const uint8_t *side;      /* [box * cells + keeper]: the part of the floor without the box the keeper is in */
    uint16_t *dist;           /* [(a * cells + b) * cells + keeper], a < b */
    int32_t *now, *next;      /* the states of this depth and of the next */
    size_t nows, nexts;
} Pairs;

static size_t state(const Pairs *p, int a, int b, int keeper) {
    return a < b ? ((size_t)a * p->cells + b) * p->cells + keeper : ((size_t)b * p->cells + a) * p->cells + keeper;
}

/* Label a state with `depth` when it is new or was labelled deeper, onto the list of that depth. */
static void reach(Pairs *p, size_t at, uint16_t depth, int now) {
    if (p->dist[at] <= depth) return;
    p->dist[at] = depth;
    if (now) p->now[p->nows++] = (int32_t)at;
    else p->next[p->nexts++] = (int32_t)at;
}

/* The keeper's steps (cost 0) and pulls (cost 1) from one state at `depth`. */
static void expand(Pairs *p, size_t at, uint16_t depth) {
    int n = p->cells, keeper = (int)(at % n), b = (int)(at / n % n), a = (int)(at / n / n);
    for (int d = 0; d < 4; d++) {
        int to = p->neighbour[keeper * 4 + d];
        if (to < 0) continue;
        if (to != a && to != b) {
            reach(p, state(p, a, b, to), depth, 1);
            continue;
        }
        int back = p->neighbour[keeper * 4 + (d ^ 1)]; /* the keeper steps away, the box follows */
        int other = to == a ? b : a;
        if (back >= 0 && back != other && p->live[keeper]) reach(p, state(p, other, keeper, back), depth + 1, 0);
    }
}

/* Distances of every state from the two goals (all keeper cells), depth by depth. */
static void search(Pairs *p, int g1, int g2) {
    memset(p->dist, 0xFF, (size_t)p->cells * p->cells * p->cells * sizeof(uint16_t));
    p->nows = p->nexts = 0;
    for (int k = 0; k < p->cells; k++)
        if (k != g1 && k != g2) reach(p, state(p, g1, g2, k), 0, 1);
    for (uint16_t depth = 0; p->nows && depth < UNSEEN - 1; depth++) {
        for (size_t i = 0; i < p->nows; i++) /* grows while the keeper's steps add states of this depth */
            if (p->dist[p->now[i]] == depth) expand(p, (size_t)p->now[i], depth);
        int32_t *swap = p->now;
        p->now = p->next, p->next = swap, p->nows = p->nexts, p->nexts = 0;
    }
}

/* Fold one pair of goals' distances into the penalties: the pushes beyond the lone boxes' distances. */
static void fold(const Pairs *p, uint8_t *out, int i1, int i2) {
    int n = p->cells;
    const int32_t *s1 = p->single + (size_t)i1 * n * 4, *s2 = p->single + (size_t)i2 * n * 4;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int k = 0; k < n; k++) {
                size_t at = ((size_t)a * n + b) * n + k;
                if (p->dist[at] == UNSEEN) continue;
                int pa = a * 4 + p->side[a * n + k], pb = b * 4 + p->side[b * n + k];
                int64_t one = (int64_t)s1[pa] + s2[pb], two = (int64_t)s2[pa] + s1[pb];
                int64_t excess = p->dist[at] - (one < two ? one : two);
                if (excess < 0) excess = 0;
                if (excess < out[at]) out[at] = (uint8_t)(excess < NO_PENALTY - 1 ? excess : NO_PENALTY - 1);
            }
}

static PyObject *pairs(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer neighbour, live, goals, single, side, out;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*w*", &neighbour, &live, &goals, &single, &side, &out)) return NULL;
    int n = (int)live.len, count = (int)(goals.len / sizeof(int32_t));
    size_t states = (size_t)n * n * n;
    Pairs p = {n, neighbour.buf, live.buf, single.buf, side.buf, NULL, NULL, NULL, 0, 0};
    PyObject *result = NULL;
    if (out.len != (Py_ssize_t)states || neighbour.len != (Py_ssize_t)(n * 4 * sizeof(int32_t))) {
        PyErr_SetString(PyExc_ValueError, "pairs: tables of the wrong size");
        goto done;
    }
    p.dist = malloc(states * sizeof(uint16_t));
    p.now = malloc(states * sizeof(int32_t));
    p.next = malloc(states * sizeof(int32_t));
    if (!p.dist || !p.now || !p.next) {
        PyErr_NoMemory();
        goto done;
    }
    const int32_t *goal = goals.buf;
    uint8_t *table = out.buf;
    memset(table, NO_PENALTY, states);
    Py_BEGIN_ALLOW_THREADS;
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++) {
            search(&p, goal[i], goal[j]);
            fold(&p, table, i, j);
        }
    for (size_t at = 0; at < states; at++)
        if (table[at] == NO_PENALTY) table[at] = 0; /* no two goals reachable: the matching says so */
    Py_END_ALLOW_THREADS;
    result = Py_None;
    Py_INCREF(result);
done:
    free(p.dist), free(p.now), free(p.next);
    PyBuffer_Release(&neighbour), PyBuffer_Release(&live), PyBuffer_Release(&goals);
    PyBuffer_Release(&single), PyBuffer_Release(&side), PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"assign", assign, METH_VARARGS,
     "assign(rows) -> int: the least total of rows[i][column(i)] over distinct columns (len(rows) <= columns)."},
    {"pairs", pairs, METH_VARARGS,
     "pairs(neighbour, live, goals, single, side, out) -> None: fill out (cells**3 bytes) with the pair "
     "penalties, [(a * cells + b) * cells + keeper] for a < b (see the module's comment)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_bounds", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__bounds(void) { return PyModule_Create(&module); }
