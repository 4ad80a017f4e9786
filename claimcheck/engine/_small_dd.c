/* Double-dummy scores of small endings, for claimcheck.engine.solver.

   DDS answers any position, but a call costs about a quarter of a millisecond however small
   the ending: on random endings of eight cards a hand, §4.2's weighing asks it about tens of
   thousands of layouts a ruling, three quarters of them of four or five cards a hand, where
   DDS searches 40 to 90 nodes and spends the rest of the call setting itself up
   (benchmarks/README.md, thirty-first session). This module solves such endings itself: a
   plain alpha-beta search over the four hands, one card of each run of equal cards, bounded
   at each trick start by the leader's quick tricks and each side's top trumps, each card's
   score found by null-window tests (MTD(f)), with a transposition table at trick starts that
   lives as long as the process (its entries are facts about positions, true in any ruling),
   keyed on the cards' relative ranks (thirty-second session: half the nodes from four to
   eight cards a hand, since the layouts of one decision meet again after a trick or two).
   Tried and left: the table's best card tried first (0.2% fewer nodes).

   Cards are ints suit * 13 + rank - 2 (bit i of a hand's mask), suits numbered as DDS numbers
   them (0 spades .. 3 clubs), trump 0..3 or 4 for notrump, seats 0..3 from North. Scores are
   tricks for the side to play, out of the tricks left including the trick in progress, as
   DDS's are: the answers are the same numbers (tests/test_small_dd.py checks them against
   DDS on random endings). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SUIT_MASK 0x1FFFULL
#define TT_BITS 20
#define TT_SIZE (1u << TT_BITS)

typedef struct {
    uint64_t h[4];
    uint32_t tag;   /* leader | trump << 2 | 1 << 5 (used) */
    int8_t lo, hi;  /* NS tricks from the position: lo <= value <= hi */
} Entry;

static Entry *table = NULL;
static unsigned long long searched = 0;

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

static inline uint64_t suit_bits(int suit) { return SUIT_MASK << (13 * suit); }

static inline uint32_t hash_of(const uint64_t h[4], int leader, int trump) {
    uint64_t x = h[0] * 0x9E3779B97F4A7C15ULL;
    x ^= (h[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    x ^= (h[2] ^ (x >> 29)) * 0x165667B19E3779F9ULL;
    x ^= (h[3] + (uint64_t)(leader | trump << 2)) * 0xD6E8FEB86659FD93ULL;
    x ^= x >> 32;
    return (uint32_t)(x & (TT_SIZE - 1));
}

/* The winning seat offset (0..3 from the leader) of a full trick. */
static inline int winner_of(const int tc[4], int trump) {
    int best = 0;
    for (int i = 1; i < 4; i++) {
        int a = tc[best], b = tc[i];
        int sa = a / 13, sb = b / 13;
        if (sb == sa) {
            if (b > a) best = i;
        } else if (sb == trump) {
            best = i;
        }
    }
    return best;
}

typedef struct {
    int trump;
} Game;

/* Tricks the leader can cash from his own hand whatever the others do: in each suit the top
   cards still in play that he holds in an unbroken run from the ace down (a card of another
   hand breaks it). He keeps the lead while he cashes them, and a discard only ever promotes
   his cards. Where the opponents hold trumps, only his top trumps count: a side-suit winner
   could be ruffed. */
static int quick_tricks(const Game *g, const uint64_t h[4], int leader) {
    uint64_t alive = h[0] | h[1] | h[2] | h[3];
    uint64_t own = h[leader];
    uint64_t opp = h[(leader + 1) & 3] | h[(leader + 3) & 3];
    int ruffable = g->trump < 4 && (opp & suit_bits(g->trump)) != 0;
    int total = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (ruffable && suit != g->trump) continue;
        uint64_t mine = own & suit_bits(suit);
        if (!mine) continue;
        uint64_t live = alive & suit_bits(suit);
        for (int c = 13 * suit + 12; c >= 13 * suit; c--) {
            uint64_t bit = 1ULL << c;
            if (!(live & bit)) continue;
            if (!(mine & bit)) break;
            total++;
        }
    }
    return total;
}

/* The hands by relative rank: in each suit the cards still in play numbered from the lowest
   up, each hand's numbers in its 16 bits of the suit. Two positions with the same relative
   ranks are the same game (only the order of the cards in play decides a trick), so they
   share one table entry: a position reached by playing the two instead of the three, and the
   layouts of one decision after their first tricks, are looked up once. */
static void relative_ranks(const uint64_t h[4], uint64_t key[4]) {
    uint64_t alive = h[0] | h[1] | h[2] | h[3];
    key[0] = key[1] = key[2] = key[3] = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint64_t live = (alive >> (13 * suit)) & SUIT_MASK;
        int rank = 0;
        while (live) {
            int c = __builtin_ctzll(live) + 13 * suit;
            live &= live - 1;
            for (int i = 0; i < 4; i++) {
                if (h[i] >> c & 1) {
                    key[i] |= 1ULL << (16 * suit + rank);
                    break;
                }
            }
            rank++;
        }
    }
}

/* True when *e* holds the position of *tag* and *key*. */
static inline int entry_holds(const Entry *e, uint32_t tag, const uint64_t key[4]) {
    return e->tag == tag && e->h[0] == key[0] && e->h[1] == key[1] && e->h[2] == key[2] &&
           e->h[3] == key[3];
}

/* Give *e* to the position of *tag* and *key*, nothing known of it yet (0..left tricks). */
static inline void entry_take(Entry *e, uint32_t tag, const uint64_t key[4], int left) {
    e->tag = tag;
    memcpy(e->h, key, sizeof(uint64_t) * 4);
    e->lo = 0;
    e->hi = (int8_t)left;
}

static int search(Game *g, uint64_t h[4], int leader, int n, int tc[4], int alpha, int beta);

/* Tricks a side's top trumps take whoever leads: the trumps above every trump of the other
   side, counted in the hand of the side that holds more of them. Each wins the trick it is
   played to (nothing beats it but a higher one of the same run, and one hand plays one card
   a trick), so that hand's take at least one trick each. */
static int top_trumps(const Game *g, const uint64_t h[4], int side) {
    if (g->trump > 3) return 0;
    uint64_t a = h[side], b = h[side + 2], alive = h[0] | h[1] | h[2] | h[3];
    int na = 0, nb = 0;
    for (int c = 13 * g->trump + 12; c >= 13 * g->trump; c--) {
        uint64_t bit = 1ULL << c;
        if (!(alive & bit)) continue;
        if (a & bit) na++;
        else if (b & bit) nb++;
        else break;
    }
    return na > nb ? na : nb;
}

/* The cards to try for *seat*: one of each run of equal cards (cards next to each other
   among those still in play, the trick's included), ordered so that likely good cards come
   first (a card that wins the trick so far, lowest first; then the lowest cards). */
static int candidates(Game *g, const uint64_t h[4], int leader, int n, const int tc[4],
                      int out[13]) {
    int seat = (leader + n) & 3;
    uint64_t own = h[seat];
    uint64_t legal = own;
    if (n > 0) {
        uint64_t follow = own & suit_bits(tc[0] / 13);
        if (follow) legal = follow;
    }
    uint64_t alive = h[0] | h[1] | h[2] | h[3];
    for (int i = 0; i < n; i++) alive |= 1ULL << tc[i];
    int reps[13];
    int count = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint64_t mine = legal & suit_bits(suit);
        if (!mine) continue;
        uint64_t live = alive & suit_bits(suit);
        int prev_mine = 0;
        for (int c = 13 * suit + 12; c >= 13 * suit; c--) {
            uint64_t bit = 1ULL << c;
            if (!(live & bit)) continue;
            if (mine & bit) {
                if (!prev_mine) reps[count++] = c;
                prev_mine = 1;
            } else {
                prev_mine = 0;
            }
        }
    }
    if (n == 0) {
        /* Leading: the top card of each run as found, highest runs first. */
        memcpy(out, reps, sizeof(int) * (size_t)count);
        return count;
    }
    /* Following: who wins so far. */
    int best = 0;
    for (int i = 1; i < n; i++) {
        int a = tc[best], b = tc[i];
        if (b / 13 == a / 13 ? b > a : b / 13 == g->trump) best = i;
    }
    int partner_wins = n >= 2 && best == n - 2;
    int wc = tc[best];
    int winners[13], losers[13], nw = 0, nl = 0;
    for (int i = count - 1; i >= 0; i--) {  /* lowest first */
        int c = reps[i];
        int beats = (c / 13 == wc / 13) ? c > wc : (c / 13 == g->trump);
        if (beats && !partner_wins) winners[nw++] = c;
        else losers[nl++] = c;
    }
    int k = 0;
    for (int i = 0; i < nw; i++) out[k++] = winners[i];
    for (int i = 0; i < nl; i++) out[k++] = losers[i];
    return k;
}

/* NS tricks from the position (the trick in progress included): exact when the result lies
   strictly inside (alpha, beta), otherwise a bound on the side it fell (fail-soft). */
static int search(Game *g, uint64_t h[4], int leader, int n, int tc[4], int alpha, int beta) {
    searched++;
    Entry *e = NULL;
    uint64_t key[4];
    uint32_t tag = 0;
    int alpha0 = alpha, beta0 = beta;
    if (n == 0) {
        int left = popcount64(h[leader]);
        if (left == 0) return 0;
        if (left == 1) {
            int t[4];
            for (int i = 0; i < 4; i++) {
                uint64_t x = h[(leader + i) & 3];
                t[i] = __builtin_ctzll(x);
            }
            int w = (leader + winner_of(t, g->trump)) & 3;
            return (w & 1) == 0;
        }
        if (beta > left) beta = left;
        if (alpha < 0) alpha = 0;
        if (alpha >= beta) return alpha >= left ? left : alpha;
        int quick = quick_tricks(g, h, leader);
        int ns_low = top_trumps(g, h, 0), ew_low = top_trumps(g, h, 1);
        if ((leader & 1) == 0) {
            if (quick > ns_low) ns_low = quick;
        } else if (quick > ew_low) {
            ew_low = quick;
        }
        if (ns_low >= beta) return ns_low;                 /* NS take at least ns_low */
        if (left - ew_low <= alpha) return left - ew_low;  /* and at most the rest */
        tag = (uint32_t)(leader | g->trump << 2 | 1 << 5);
        relative_ranks(h, key);
        e = &table[hash_of(key, leader, g->trump)];
        if (entry_holds(e, tag, key)) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
        } else {
            entry_take(e, tag, key, left);
        }
        alpha0 = alpha;
        beta0 = beta;
    }
    int seat = (leader + n) & 3;
    int maximise = (seat & 1) == 0;
    int cards[13];
    int count = candidates(g, h, leader, n, tc, cards);
    int best = maximise ? -1 : 100;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        uint64_t bit = 1ULL << c;
        h[seat] ^= bit;
        tc[n] = c;
        int v;
        if (n == 3) {
            int w = (leader + winner_of(tc, g->trump)) & 3;
            int won = (w & 1) == 0;
            int next[4];  /* the next trick's cards: this trick's stay for the next card */
            v = won + search(g, h, w, 0, next, alpha - won, beta - won);
        } else {
            v = search(g, h, leader, n + 1, tc, alpha, beta);
        }
        h[seat] ^= bit;
        if (maximise) {
            if (v > best) best = v;
            if (best > alpha) alpha = best;
        } else {
            if (v < best) best = v;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    if (e != NULL) {
        /* The entry may have been overwritten below: take it back for this position. */
        if (!entry_holds(e, tag, key)) entry_take(e, tag, key, popcount64(h[leader]));
        if (best <= alpha0) {
            if (best < e->hi) e->hi = (int8_t)best;
        } else if (best >= beta0) {
            if (best > e->lo) e->lo = (int8_t)best;
        } else {
            e->lo = e->hi = (int8_t)best;
        }
    }
    return best;
}

/* The exact NS tricks of the position by null-window tests from *guess* (MTD(f)): each test
   asks "at least b?", which prunes far more than one open window, and the table keeps what
   each proved for the next. */
static int exact(Game *g, uint64_t h[4], int leader, int n, int tc[4], int guess) {
    int lower = 0, upper = 13, v = guess;
    while (lower < upper) {
        int b = v == lower ? v + 1 : v;
        int t[4];
        memcpy(t, tc, sizeof(t));
        v = search(g, h, leader, n, t, b - 1, b);
        if (v < b) upper = v;
        else lower = v;
    }
    return lower;
}

/* A question as Python asks it: the position, and the side to play with its tricks left. */
typedef struct {
    uint64_t h[4];
    int tc[4];
    int n, leader, seat, total;
    Game g;
} Query;

static int parse(PyObject *const *args, Py_ssize_t nargs, Query *q) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "expected (hands, trick, leader, trump)");
        return -1;
    }
    PyObject *hands = args[0], *trick = args[1];
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != 4 || !PyTuple_Check(trick) ||
        PyTuple_GET_SIZE(trick) > 3) {
        PyErr_SetString(PyExc_TypeError, "hands: a tuple of four masks; trick: a tuple of cards");
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        q->h[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, i));
        if (PyErr_Occurred()) return -1;
    }
    q->n = (int)PyTuple_GET_SIZE(trick);
    for (int i = 0; i < q->n; i++) {
        q->tc[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(trick, i));
        if (PyErr_Occurred()) return -1;
    }
    q->leader = (int)PyLong_AsLong(args[2]);
    q->g.trump = (int)PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return -1;
    q->seat = (q->leader + q->n) & 3;
    q->total = popcount64(q->h[q->seat]);
    return 0;
}

/* scores(hands, trick, leader, trump) -> {card: tricks for the side to play after it}. */
static PyObject *py_scores(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Query q;
    if (parse(args, nargs, &q) < 0) return NULL;
    uint64_t *h = q.h;
    int *tc = q.tc, n = q.n, leader = q.leader, seat = q.seat, total = q.total;
    uint64_t legal = h[seat];
    if (n > 0 && (legal & suit_bits(tc[0] / 13))) legal &= suit_bits(tc[0] / 13);
    uint64_t alive = h[0] | h[1] | h[2] | h[3];
    for (int i = 0; i < n; i++) alive |= 1ULL << tc[i];
    PyObject *out = PyDict_New();
    if (out == NULL) return NULL;
    int score = -1;
    int guess = total / 2;
    int in_run = 0;
    for (int c = 51; c >= 0; c--) {
        uint64_t bit = 1ULL << c;
        if (c % 13 == 12) in_run = 0;  /* a new suit */
        if (!(alive & bit)) continue;
        if (!(legal & bit)) {
            in_run = 0;
            continue;
        }
        if (!in_run) {
            /* A new run of equal cards: solve after its top card. */
            h[seat] ^= bit;
            tc[n] = c;
            int ns;
            if (n == 3) {
                int w = (leader + winner_of(tc, q.g.trump)) & 3;
                int won = (w & 1) == 0;
                int t2[4] = {0, 0, 0, 0};
                ns = won + exact(&q.g, h, w, 0, t2, guess - won < 0 ? 0 : guess - won);
            } else {
                ns = exact(&q.g, h, leader, n + 1, tc, guess);
            }
            h[seat] ^= bit;
            guess = ns;
            score = (seat & 1) == 0 ? ns : total - ns;
            in_run = 1;
        }
        PyObject *key = PyLong_FromLong(c), *val = PyLong_FromLong(score);
        if (key == NULL || val == NULL || PyDict_SetItem(out, key, val) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(val);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(val);
    }
    return out;
}

/* tricks(hands, trick, leader, trump) -> tricks for the side to play from here. */
static PyObject *py_tricks(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Query q;
    if (parse(args, nargs, &q) < 0) return NULL;
    int ns = exact(&q.g, q.h, q.leader, q.n, q.tc, q.total / 2);
    return PyLong_FromLong((q.seat & 1) == 0 ? ns : q.total - ns);
}

static PyObject *py_nodes(PyObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLongLong(searched);
}

static PyMethodDef methods[] = {
    {"scores", (PyCFunction)(void (*)(void))py_scores, METH_FASTCALL,
     "scores(hands, trick, leader, trump) -> {card: tricks for the side to play after it}"},
    {"tricks", (PyCFunction)(void (*)(void))py_tricks, METH_FASTCALL,
     "tricks(hands, trick, leader, trump) -> tricks for the side to play from here"},
    {"nodes", py_nodes, METH_NOARGS, "nodes searched by this process so far"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_small_dd",
    "Double-dummy scores of small endings (see the C source for why).", -1, methods,
};

PyMODINIT_FUNC PyInit__small_dd(void) {
    table = (Entry *)PyMem_RawCalloc(TT_SIZE, sizeof(Entry));
    if (table == NULL) return PyErr_NoMemory();
    return PyModule_Create(&module);
}
