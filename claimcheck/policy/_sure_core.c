/* The sure oracle's game in C: the same search as claimcheck/policy/sure.py, card for card.
 *
 * sure.py is the definition (its docstrings say why each bound holds); this file is its
 * translation for speed, and tests/test_sure_core.py holds the two to the same answers *and*
 * the same node counts on thousands of positions: the budget is counted in nodes, so a ruling
 * stays the same whichever of the two runs. Every order (of moves, of bounds, of memo stores)
 * follows the Python exactly, including where an order is only a heuristic, because a
 * question given up at its cap depends on how many nodes came before.
 *
 * Masks are 52-bit (card = suit * 13 + rank - 2), BLANK (-1) is a forgotten card a defender
 * plays. The budget: each search node counts one; when the ruling's budget or the question's
 * cap is passed the search unwinds without storing anything, and the caller raises.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define BLANK (-1)
#define SUIT(s) ((u64)0x1FFF << (13 * (s)))
#define TOPS_CACHE_MAX 200000

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int bitlen(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int low_index(u64 x) { return x ? __builtin_ctzll(x) : -1; }
/* Python's (1 << n) - 1 for 0 <= n <= 64. */
static inline u64 below_mask(int n) { return n >= 64 ? ~(u64)0 : (((u64)1 << n) - 1); }
static inline int suit_of(int card) { return card < 0 ? -1 : card / 13; }

static inline int beats(int card, int best, int trump) {
    int cs = suit_of(card), bs = suit_of(best);
    if (cs == bs) return card > best;
    return cs == trump;
}

static int winner_index(const int *trick, int n, int trump) {
    int best = 0;
    for (int i = 1; i < n; i++)
        if (beats(trick[i], trick[best], trump)) best = i;
    return best;
}

/* bits.groups: the highest card of each run of *own* with no card of *others* between. */
static int groups(u64 own, u64 others, int *out) {
    int n = 0;
    u64 mask = own;
    while (mask) {
        int top = bitlen(mask) - 1;
        out[n++] = top;
        int base = top - top % 13;
        int floor = bitlen(others & below_mask(top));
        if (floor < base) floor = base;
        mask &= below_mask(floor);
    }
    return n;
}

static int topped(u64 low, u64 high) {
    int matched = 0;
    while (high) {
        u64 h = high & (~high + 1);
        high ^= h;
        u64 below = low & (h - 1);
        if (below) {
            low ^= below & (~below + 1);
            matched++;
        }
    }
    return matched;
}

static u64 void_suits(u64 voids, int seat) {
    u64 out = 0;
    u64 v = voids >> (seat * 4);
    for (int s = 0; s < 4; s++)
        if (v >> s & 1) out |= SUIT(s);
    return out;
}

static int run_low(int card, u64 cards, u64 others) {
    int base = card - card % 13;
    int floor = bitlen(others & below_mask(card));
    if (floor < base) floor = base;
    u64 run = cards & below_mask(card + 1) & ~below_mask(floor);
    return low_index(run);
}

static int same_run(int x, int y, u64 others) {
    if (suit_of(x) != suit_of(y)) return 0;
    int lo = x < y ? x : y, hi = x < y ? y : x;
    return !(others & below_mask(hi) & ~below_mask(lo + 1));
}

static int groups_pooled(u64 cards, u64 others, int *out) {
    int tops[52];
    int n = groups(cards, others, tops), m = 0;
    for (int i = 0; i < n; i++) {
        out[m++] = tops[i];
        int low = run_low(tops[i], cards, others);
        if (low != tops[i]) out[m++] = low;
    }
    return m;
}

static int can_hold(u64 held, u64 pool, u64 voids, int seat, int other, int n_seat,
                    int n_other) {
    u64 void_seat = void_suits(voids, seat), void_other = void_suits(voids, other);
    if (held & void_seat) return 0;
    u64 must_seat = held | (pool & void_other);
    u64 must_other = pool & void_seat;
    return !((must_seat & must_other) || popc(must_seat) > n_seat
             || popc(must_other) > n_other);
}

static int feasible(u64 pool, u64 voids, int seat, int other, int n_seat, int n_other) {
    u64 v_seat = void_suits(voids, seat), v_other = void_suits(voids, other);
    if (pool & v_seat & v_other) return 0;
    if (popc(pool & v_seat) > n_other) return 0;
    if (popc(pool & v_other) > n_seat) return 0;
    return popc(pool) <= n_seat + n_other;
}

static void compress(u64 *a, u64 *b, u64 *pool) {
    u64 ra = 0, rb = 0, rp = 0;
    for (int s = 0; s < 4; s++) {
        unsigned sa = (unsigned)(*a >> (13 * s)) & 0x1FFF;
        unsigned sb = (unsigned)(*b >> (13 * s)) & 0x1FFF;
        unsigned sp = (unsigned)(*pool >> (13 * s)) & 0x1FFF;
        if (!(sa | sb | sp)) continue;
        unsigned ca = 0, cb = 0, cp = 0;
        int rank = 12;
        for (int r = 12; r >= 0; r--) {
            unsigned bit = 1u << r;
            if (sa & bit) ca |= 1u << rank;
            else if (sb & bit) cb |= 1u << rank;
            else if (sp & bit) cp |= 1u << rank;
            else continue;
            rank--;
        }
        ra |= (u64)ca << (13 * s);
        rb |= (u64)cb << (13 * s);
        rp |= (u64)cp << (13 * s);
    }
    *a = ra; *b = rb; *pool = rp;
}

/* --- hash tables -------------------------------------------------------------------------- */

static inline u64 mix(u64 x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static inline u64 hash4(u64 a, u64 b, u64 c, u64 d) {
    return mix(a ^ mix(b ^ mix(c ^ mix(d + 0x9e3779b97f4a7c15ULL))));
}

/* Proved bounds of one state: need <= lo is sure, need >= hi is not (sure.py's _lo / _hi,
 * default 0 and 99). */
typedef struct {
    u64 k0, k1, k2; /* k0's top GEN_BITS bits hold the generation that wrote the entry */
    u64 k3 : 52; /* the leader, voids and counts use 30 bits */
    u64 lo : 4, hi : 7, unused : 1; /* tricks <= 13; hi is 99 when nothing is proved */
} Bound; /* 32 bytes: a ruling may store millions of these */

/* Memory for the tables is kept from one oracle to the next in the process, and an entry
 * counts only in the generation that wrote it: a new table is empty without zeroing its
 * memory. A ruling of 5 million oracle nodes writes hundreds of megabytes of entries, and
 * with fresh memory for each ruling the kernel zeroing its pages was a fifth of the oracle's
 * time (perf on vugraph 22050:1). Only memory is reused, never an entry: each ruling's
 * tables start empty, so its answers and node counts are the ones it gets alone. */
#define GEN_BITS 12
#define GEN_SHIFT (64 - GEN_BITS)
#define GEN_MAX (((u64)1 << GEN_BITS) - 1)

typedef struct { Bound *e; size_t size; u64 gen; } Slab; /* size entries; gen last used */
typedef struct { Bound *e; size_t cap, n, size; u64 gen; } BoundTable;
/* cap: entries in use (a power of two, at most size, the slab's); gen: this table's stamp */

#define SPARE_SLABS 8
#define SPARE_BYTES ((size_t)1 << 30)
static Slab spare[SPARE_SLABS];
static int n_spare = 0;

/* A slab of at least cap entries, from the spares (the smallest that fits) or new; its
 * generation moved on so that nothing in it counts. 0 when memory runs out. */
static int slab_take(size_t cap, Slab *out) {
    int best = -1;
    for (int i = 0; i < n_spare; i++)
        if (spare[i].size >= cap && (best < 0 || spare[i].size < spare[best].size)) best = i;
    if (best >= 0) {
        *out = spare[best];
        spare[best] = spare[--n_spare];
        if (++out->gen > GEN_MAX) { /* every stamp used: zero it once and start again */
            memset(out->e, 0, out->size * sizeof(Bound));
            out->gen = 1;
        }
        return 1;
    }
    out->e = calloc(cap, sizeof(Bound)); /* zeroed: generation 0 is never a table's */
    out->size = cap; out->gen = 1;
    return out->e != NULL;
}

/* Keep a slab for a later table, within SPARE_SLABS slabs and SPARE_BYTES in all (the
 * smallest given back first). */
static void slab_give(Slab s) {
    for (;;) {
        size_t bytes = s.size * sizeof(Bound);
        for (int i = 0; i < n_spare; i++) bytes += spare[i].size * sizeof(Bound);
        if (n_spare < SPARE_SLABS && bytes <= SPARE_BYTES) { spare[n_spare++] = s; return; }
        int small = -1;
        for (int i = 0; i < n_spare; i++)
            if (small < 0 || spare[i].size < spare[small].size) small = i;
        if (small < 0 || spare[small].size > s.size) { free(s.e); return; }
        free(spare[small].e);
        spare[small] = spare[--n_spare];
    }
}

static int bt_use(BoundTable *t, size_t cap) {
    Slab s;
    if (!slab_take(cap, &s)) return 0;
    t->e = s.e; t->size = s.size; t->gen = s.gen; t->cap = cap; t->n = 0;
    return 1;
}

static void bt_release(BoundTable *t) {
    if (!t->e) return;
    Slab s = {t->e, t->size, t->gen};
    slab_give(s);
    t->e = NULL;
}

/* A new table takes the largest spare slab whole (cap = its size): a ruling as large as an
 * earlier one then never grows its table, and a small one only probes sparser memory. */
static int bt_init(BoundTable *t) {
    size_t cap = 1 << 12;
    for (int i = 0; i < n_spare; i++)
        if (spare[i].size > cap) cap = spare[i].size;
    t->e = NULL;
    return bt_use(t, cap);
}

static inline int bt_live(const BoundTable *t, const Bound *e) { return (e->k0 >> GEN_SHIFT) == t->gen; }

static Bound *bt_find(BoundTable *t, u64 k0, u64 k1, u64 k2, u64 k3) {
    size_t i = hash4(k0, k1, k2, k3) & (t->cap - 1);
    u64 g0 = k0 | t->gen << GEN_SHIFT;
    for (;;) {
        Bound *e = &t->e[i];
        if (!bt_live(t, e)) return NULL;
        if (e->k0 == g0 && e->k1 == k1 && e->k2 == k2 && e->k3 == k3) return e;
        i = (i + 1) & (t->cap - 1);
    }
}

static int bt_grow(BoundTable *t) {
    BoundTable old = *t;
    if (!bt_use(t, old.cap * 2)) return 0; /* t is left as it was */
    u64 g = t->gen << GEN_SHIFT, mask = ((u64)1 << GEN_SHIFT) - 1;
    for (size_t j = 0; j < old.cap; j++) {
        Bound *o = &old.e[j];
        if (!bt_live(&old, o)) continue;
        u64 k0 = o->k0 & mask;
        size_t i = hash4(k0, o->k1, o->k2, o->k3) & (t->cap - 1);
        while (bt_live(t, &t->e[i])) i = (i + 1) & (t->cap - 1);
        t->e[i] = *o;
        t->e[i].k0 = k0 | g;
    }
    t->n = old.n;
    bt_release(&old);
    return 1;
}

/* The entry of a key, made (lo 0, hi 99) when absent; NULL only when memory runs out. */
static Bound *bt_get(BoundTable *t, u64 k0, u64 k1, u64 k2, u64 k3) {
    Bound *e = bt_find(t, k0, k1, k2, k3);
    if (e) return e;
    if (4 * (t->n + 1) > 3 * t->cap && !bt_grow(t)) return NULL; /* load <= 3/4 */
    size_t i = hash4(k0, k1, k2, k3) & (t->cap - 1);
    while (bt_live(t, &t->e[i])) i = (i + 1) & (t->cap - 1);
    e = &t->e[i];
    e->k0 = k0 | t->gen << GEN_SHIFT; e->k1 = k1; e->k2 = k2; e->k3 = k3;
    e->lo = 0; e->hi = 99; e->unused = 0;
    t->n++;
    return e;
}

/* A map from three words to a small value, with a generation stamp so that a table can be
 * emptied in O(1) (the cashing search's own memo, one per question). */
typedef struct { u64 k0, k1, k2; uint32_t gen; int8_t val; } Small;
typedef struct { Small *e; size_t cap, n; uint32_t gen; } SmallTable;

static int st_init(SmallTable *t) {
    t->cap = 1 << 10; t->n = 0; t->gen = 1;
    t->e = calloc(t->cap, sizeof(Small));
    return t->e != NULL;
}

static void st_clear(SmallTable *t) { t->gen++; t->n = 0; }

static int st_lookup(SmallTable *t, u64 k0, u64 k1, u64 k2, int *val) {
    size_t i = hash4(k0, k1, k2, 0) & (t->cap - 1);
    for (;;) {
        Small *e = &t->e[i];
        if (e->gen != t->gen) return 0;
        if (e->k0 == k0 && e->k1 == k1 && e->k2 == k2) { *val = e->val; return 1; }
        i = (i + 1) & (t->cap - 1);
    }
}

static int st_grow(SmallTable *t) {
    size_t cap = t->cap * 2;
    Small *e = calloc(cap, sizeof(Small));
    if (!e) return 0;
    for (size_t j = 0; j < t->cap; j++) {
        Small *o = &t->e[j];
        if (o->gen != t->gen) continue;
        size_t i = hash4(o->k0, o->k1, o->k2, 0) & (cap - 1);
        while (e[i].gen == t->gen) i = (i + 1) & (cap - 1);
        e[i] = *o;
    }
    free(t->e);
    t->e = e; t->cap = cap;
    return 1;
}

/* Set a key's value (insert or overwrite); 0 when memory runs out. */
static int st_store(SmallTable *t, u64 k0, u64 k1, u64 k2, int val) {
    size_t i = hash4(k0, k1, k2, 0) & (t->cap - 1);
    for (;;) {
        Small *e = &t->e[i];
        if (e->gen != t->gen) break;
        if (e->k0 == k0 && e->k1 == k1 && e->k2 == k2) { e->val = (int8_t)val; return 1; }
        i = (i + 1) & (t->cap - 1);
    }
    if (2 * (t->n + 1) > t->cap) {
        if (!st_grow(t)) return 0;
        i = hash4(k0, k1, k2, 0) & (t->cap - 1);
        while (t->e[i].gen == t->gen) i = (i + 1) & (t->cap - 1);
    }
    Small *e = &t->e[i];
    e->k0 = k0; e->k1 = k1; e->k2 = k2; e->gen = t->gen; e->val = (int8_t)val;
    t->n++;
    return 1;
}

/* --- the oracle ----------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    int trump, claimer;
    BoundTable start; /* trick starts only */
    SmallTable tops, local;
    long long nodes, limit, cap;
    int abort; /* 0: running; 1: the ruling's budget is spent; 2: the question's cap; 3: memory */
} Core;

static int side(const Core *o, int seat) { return ((seat - o->claimer) % 4 + 4) % 2 == 0; }

static void spend(Core *o) {
    o->nodes++;
    if (o->nodes > o->limit) o->abort = 1;
    else if (o->cap && o->nodes > o->cap) o->abort = 2;
}

/* sure.py _trump_floor: the tricks x and y take with their trumps whatever anyone plays,
 * against the m highest of the pool's trumps ptrumps. */
static int trump_floor(u64 x, u64 y, u64 ptrumps, int m, int t) {
    u64 theirs = ptrumps;
    for (int k = popc(ptrumps) - m; k > 0; k--) theirs &= theirs - 1;
    u64 tx = x & SUIT(t), ty = y & SUIT(t);
    int fx = popc(tx) - topped(tx, theirs), fy = popc(ty) - topped(ty, theirs);
    int f = fx > fy ? fx : fy;
    return f > 0 ? f : 0;
}

static int tops_search(Core *o, u64 x, u64 y, const int *th, unsigned counts, int need,
                       u64 ptrumps) {
    int t = o->trump;
    if (need <= 0 || !x) return 0;
    int hit;
    if (st_lookup(&o->local, x, y, counts, &hit)) return hit;
    int best = 0;
    int trumps_out = t < 4 ? (int)(counts >> (4 * t) & 0xF) : 0;
    int ruff_with = -1;
    if (t < 4) {
        u64 y_trumps = y & SUIT(t);
        if (trumps_out) y_trumps &= ~below_mask(th[t] + 1);
        if (y_trumps) ruff_with = low_index(y_trumps);
    }
    for (int s = 0; s < 4; s++) {
        u64 xs = x & SUIT(s);
        if (!xs) continue;
        u64 ys = y & SUIT(s);
        int ruff = (s != t && !ys) ? ruff_with : -1;
        if (trumps_out && s != t && ruff < 0) continue;
        int ms = (int)(counts >> (4 * s) & 0xF);
        u64 win_mask = ms ? ~below_mask(th[s] + 1) : ~(u64)0;
        u64 wx = xs & win_mask, wy = ys & win_mask;
        if (trumps_out && s != t) wx = 0;
        if (!wx && !wy && ruff < 0) continue;
        int plays[8][3];
        int np = 0;
        int x_top = bitlen(xs) - 1, x_low = low_index(xs);
        if (ruff >= 0) { plays[np][0] = x_low; plays[np][1] = ruff; plays[np][2] = 1; np++; }
        if (ys) {
            int y_top = bitlen(ys) - 1, y_low = low_index(ys);
            if (wx) {
                plays[np][0] = x_top; plays[np][1] = y_low; plays[np][2] = y_low > x_top; np++;
                if (y_top > x_top) {
                    plays[np][0] = x_top; plays[np][1] = y_top; plays[np][2] = 1; np++;
                }
            }
            if (wy) {
                plays[np][0] = x_low; plays[np][1] = y_top; plays[np][2] = y_top > x_low; np++;
            }
        } else if (wx) {
            for (int t2 = 0; t2 < 4; t2++) {
                u64 yt = y & SUIT(t2);
                if (yt) { plays[np][0] = x_top; plays[np][1] = low_index(yt); plays[np][2] = 0; np++; }
            }
            if (!y) { plays[np][0] = x_top; plays[np][1] = -1; plays[np][2] = 0; np++; }
        }
        unsigned left = ms ? counts - (1u << (4 * s)) : counts;
        for (int i = 0; i < np; i++) {
            u64 nx = x & ~((u64)1 << plays[i][0]);
            u64 ny = plays[i][1] >= 0 ? y & ~((u64)1 << plays[i][1]) : y;
            int sub = plays[i][2] ? tops_search(o, ny, nx, th, left, need - 1, ptrumps)
                                  : tops_search(o, nx, ny, th, left, need - 1, ptrumps);
            if (sub + 1 > best) {
                best = sub + 1;
                if (best >= need) {
                    if (!st_store(&o->local, x, y, counts, best)) o->abort = 3;
                    return best;
                }
            }
        }
    }
    /* The trump floor last, where the cashing fell short (sure.py). */
    if (t < 4 && (x | y) & SUIT(t)) {
        int f = trump_floor(x, y, ptrumps, trumps_out, t);
        if (f > best) best = f;
    }
    if (!st_store(&o->local, x, y, counts, best)) o->abort = 3;
    return best;
}

static int cashable(Core *o, u64 lead, u64 partner, u64 pool, int need) {
    int th[4];
    unsigned m = 0;
    for (int s = 0; s < 4; s++) {
        u64 theirs = pool & SUIT(s);
        m |= (unsigned)popc(theirs) << (4 * s);
        th[s] = theirs ? bitlen(theirs) - 1 : 13 * s - 1;
    }
    u64 packed = 0;
    for (int s = 0; s < 4; s++) packed |= (u64)(th[s] + 1) << (6 * s);
    packed |= (u64)m << 24;
    /* The trump floor depends on the ranks of the pool's trumps (sure.py): in the key. */
    u64 ptrumps = o->trump < 4 ? pool & SUIT(o->trump) : 0;
    if (o->trump < 4) packed |= (ptrumps >> (13 * o->trump)) << 40;
    /* The value is the count, plus 32 when it is exact: a search that reached its need
     * stopped there, and answers a later question only when that needs no more (sure.py). */
    int hit;
    int found = st_lookup(&o->tops, lead, partner, packed, &hit);
    if (found && ((hit & 32) || (hit & 31) >= need)) return hit & 31;
    st_clear(&o->local);
    int result = tops_search(o, lead, partner, th, m, need, ptrumps);
    if ((found || o->tops.n < TOPS_CACHE_MAX)
        && !st_store(&o->tops, lead, partner, packed, result + (result < need ? 32 : 0)))
        o->abort = 3;
    return result;
}

static void trump_bounds(Core *o, u64 a, u64 b, u64 pool, u64 voids, int n1, int n3, int left,
                         int *lo_out, int *hi_out) {
    u64 t = SUIT(o->trump);
    u64 mine_a = a & t, mine_b = b & t, theirs = pool & t;
    int la = popc(mine_a) - topped(mine_a, theirs), lb = popc(mine_b) - topped(mine_b, theirs);
    int lo = la > lb ? la : lb;
    if (lo < 0) lo = 0;
    *lo_out = lo; *hi_out = left;
    if (!theirs) return;
    int kept = popc(theirs) - topped(theirs, mine_a | mine_b);
    if (kept <= 0 || popc(pool) < n1 + n3) return;
    int c = o->claimer, d1 = (c + 1) % 4, d3 = (c + 3) % 4;
    if (can_hold(theirs, pool, voids, d1, d3, n1, n3) || can_hold(theirs, pool, voids, d3, d1, n3, n1))
        *hi_out = left - kept;
}

static int defence_cashes(Core *o, u64 a, u64 b, u64 pool, u64 voids, int seat, int n1, int n3) {
    int c = o->claimer, other = (seat + 2) % 4;
    int n_seat = seat == (c + 1) % 4 ? n1 : n3, n_other = seat == (c + 1) % 4 ? n3 : n1;
    u64 void_seat = void_suits(voids, seat);
    int t = o->trump;
    u64 sidem = a | b;
    u64 ruffers[2]; int nr = 0;
    if (t < 4 && (a & SUIT(t))) ruffers[nr++] = a;
    if (t < 4 && (b & SUIT(t))) ruffers[nr++] = b;
    int cashed = 0;
    u64 held = 0;
    for (int s = 0; s < 4; s++) {
        if (void_seat & SUIT(s)) continue;
        u64 mine = sidem & SUIT(s);
        u64 theirs = pool & SUIT(s) & ~below_mask(bitlen(mine));
        if (!theirs) continue;
        int rounds = popc(theirs);
        if (s != t)
            for (int i = 0; i < nr; i++) {
                int l = popc(ruffers[i] & SUIT(s));
                if (l < rounds) rounds = l;
            }
        if (rounds <= 0) continue;
        for (int i = 0; i < rounds; i++) {
            u64 top = (u64)1 << (bitlen(theirs) - 1);
            held |= top;
            theirs ^= top;
        }
        cashed += rounds;
    }
    if (!cashed || !can_hold(held, pool, voids, seat, other, n_seat, n_other)) return 0;
    return cashed;
}

static int won_then_cashed(Core *o, u64 w, u64 ov, int card, int led, u64 pool, int need) {
    int t = o->trump;
    u64 os = ov & SUIT(led);
    u64 follows[4]; int nf = 0;
    if (os) follows[nf++] = os & (~os + 1);
    else
        for (int x = 0; x < 4; x++) {
            u64 ox = ov & SUIT(x);
            if (ox) follows[nf++] = ox & (~ox + 1);
        }
    if (!nf) follows[nf++] = 0;
    int best = 0;
    for (int i = 0; i < nf; i++) {
        u64 f = follows[i];
        int got;
        if (f && beats(bitlen(f) - 1, card, t)) got = cashable(o, ov & ~f, w, pool, need - 1);
        else got = cashable(o, w, ov & ~f, pool, need - 1);
        if (got >= best) best = got;
    }
    return 1 + best;
}

static int led_winner(Core *o, u64 a, u64 b, u64 pool, int card, int leader, int need) {
    int t = o->trump, s = card / 13;
    if (pool & SUIT(s) & ~below_mask(card + 1)) return 0;
    if (t < 4 && s != t && (pool & SUIT(t))) return 0;
    u64 lead_hand = leader == o->claimer ? a : b, partner = leader == o->claimer ? b : a;
    return won_then_cashed(o, lead_hand, partner, card, s, pool, need);
}

static int win_the_lead(Core *o, u64 a, u64 b, u64 pool, u64 voids, int seat, int need) {
    int c = o->claimer, t = o->trump;
    u64 trumps = t < 4 ? SUIT(t) : 0;
    u64 pool_trumps = pool & trumps;
    int top_trump = bitlen(pool_trumps);
    u64 void_seat = void_suits(voids, seat);
    int worst = need;
    for (int u = 0; u < 4; u++) {
        u64 led = pool & SUIT(u) & ~void_seat;
        if (!led) continue;
        u64 low = led & (~led + 1);
        u64 rest = pool & ~low;
        int best = 0;
        int winners[2] = {(seat + 1) % 4, (seat + 3) % 4};
        for (int i = 0; i < 2; i++) {
            int winner = winners[i];
            u64 w = winner == c ? a : b, ov = winner == c ? b : a;
            u64 wu = w & SUIT(u), abv;
            if (wu) {
                if (pool_trumps && u != t) continue;
                abv = wu & ~below_mask(bitlen(pool & SUIT(u)));
            } else {
                abv = trumps ? (w & trumps & ~below_mask(top_trump)) : 0;
            }
            if (!abv) continue;
            u64 card = abv & (~abv + 1);
            int got = won_then_cashed(o, w & ~card, ov, bitlen(card) - 1, u, rest, need);
            if (got > best) best = got;
            if (best >= worst) break;
        }
        if (best < worst) {
            worst = best;
            if (!worst) return 0;
        }
    }
    return worst;
}

static int sure_(Core *o, u64 a, u64 b, u64 pool, const int *trick, int nt, int leader,
                 u64 voids, int n1, int n3, int need);

static int after(Core *o, u64 a, u64 b, u64 pool, const int *trick, int nt, int leader,
                 u64 voids, int n1, int n3, int need) {
    if (nt < 4) return sure_(o, a, b, pool, trick, nt, leader, voids, n1, n3, need);
    int win = (leader + winner_index(trick, 4, o->trump)) % 4;
    int won = side(o, win) ? 1 : 0;
    return sure_(o, a, b, pool, NULL, 0, win, voids, n1, n3, need - won);
}

/* A stable insertion sort of *cards* by *keys* (Python's list.sort with a key). */
static void sort_by(int *cards, int *keys, int n) {
    for (int i = 1; i < n; i++) {
        int c = cards[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) { cards[j + 1] = cards[j]; keys[j + 1] = keys[j]; j--; }
        cards[j + 1] = c; keys[j + 1] = k;
    }
}

/* sure.py's _draws: a trump above every pool trump, the pool holding one (tried first). */
static int draws(int card, u64 pool, int trump) {
    if (trump >= 4 || card / 13 != trump) return 0;
    u64 theirs = pool & SUIT(trump);
    return theirs && bitlen(theirs) <= card;
}

static int claimer_move(Core *o, u64 a, u64 b, u64 pool, const int *trick, int nt, int leader,
                        u64 voids, int n1, int n3, int need, int seat, int concede) {
    int c = o->claimer, t = o->trump;
    u64 own = seat == c ? a : b, other = seat == c ? b : a;
    u64 trick_mask = 0;
    for (int i = 0; i < nt; i++)
        if (trick[i] >= 0) trick_mask |= (u64)1 << trick[i];
    u64 legal = own;
    int follows = nt && trick[0] >= 0 && (own & SUIT(trick[0] / 13));
    if (follows) legal = own & SUIT(trick[0] / 13);
    int cards[52], keys[52];
    int n = groups(legal, other | pool | trick_mask, cards);
    if (follows) {
        int best = trick[winner_index(trick, nt, t)];
        for (int i = 0; i < n; i++) keys[i] = (!beats(cards[i], best, t)) * 16 + cards[i] % 13;
        sort_by(cards, keys, n);
    } else if (nt) {
        int best = trick[winner_index(trick, nt, t)];
        for (int i = 0; i < n; i++) {
            int x = cards[i];
            int ruffs = t < 4 && x / 13 == t && beats(x, best, t);
            int top = !(pool & SUIT(x / 13) & ~below_mask(x + 1)); /* a winner: last */
            keys[i] = (!ruffs) * 32 + top * 16 + x % 13;
        }
        sort_by(cards, keys, n);
    } else if (concede) {
        u64 sidem = a | b;
        int stops[4] = {0, 0, 0, 0};
        for (int s = 0; s < 4; s++)
            if (sidem & SUIT(s)) {
                u64 abv = ~below_mask(bitlen(sidem & SUIT(s)));
                stops[s] = popc(pool & SUIT(s) & abv);
            }
        for (int i = 0; i < n; i++) {
            int s = cards[i] / 13;
            keys[i] = draws(cards[i], pool, t) ? -100 - cards[i] % 13
                    : (stops[s] == 0) * 4096 + stops[s] * 16 + cards[i] % 13;
        }
        sort_by(cards, keys, n);
    } else {
        for (int i = 0; i < n; i++) {
            int x = cards[i];
            int higher = (pool & SUIT(x / 13) & ~below_mask(x + 1)) != 0;
            keys[i] = draws(x, pool, t) ? -100 - x % 13 : higher ? 16 + x % 13 : 12 - x % 13;
        }
        sort_by(cards, keys, n);
    }
    int nxt[4];
    for (int i = 0; i < nt; i++) nxt[i] = trick[i];
    for (int i = 0; i < n; i++) {
        u64 bit = (u64)1 << cards[i];
        u64 na = seat == c ? a & ~bit : a, nb = seat == c ? b : b & ~bit;
        nxt[nt] = cards[i];
        int r = after(o, na, nb, pool, nxt, nt + 1, leader, voids, n1, n3, need);
        if (o->abort) return 0;
        if (r) return 1;
    }
    return 0;
}

static int defender_move(Core *o, u64 a, u64 b, u64 pool, const int *trick, int nt, int leader,
                         u64 voids, int n1, int n3, int need, int seat) {
    int c = o->claimer, t = o->trump;
    int d1 = (c + 1) % 4, other = (seat + 2) % 4;
    u64 my_void = void_suits(voids, seat);
    u64 sidem = a | b;
    u64 trick_mask = 0;
    for (int i = 0; i < nt; i++)
        if (trick[i] >= 0) trick_mask |= (u64)1 << trick[i];
    int blanks = n1 + n3 - popc(pool);
    int cards[64], keys[64];
    u64 nvs[64];
    int n = 0;
    if (!nt) {
        int reps[64];
        int m = groups_pooled(pool & ~my_void, sidem, reps);
        for (int i = 0; i < m; i++) { cards[n] = reps[i]; nvs[n] = voids; n++; }
        if (!n) return need <= popc(a);
    } else {
        int led = trick[0] / 13;
        u64 follow = pool & SUIT(led) & ~my_void;
        int best = trick[winner_index(trick, nt, t)];
        u64 seen = sidem | trick_mask;
        int reps[64];
        int m = groups_pooled(follow, seen, reps);
        for (int i = 0; i < m; i++) {
            int card = reps[i];
            if (!beats(card, best, t)) {
                int alike = 0;
                for (int j = 0; j < n; j++)
                    if (cards[j] / 13 == led && !beats(cards[j], best, t)
                        && same_run(cards[j], card, seen)) { alike = 1; break; }
                if (alike) continue;
            }
            cards[n] = card; nvs[n] = voids; n++;
        }
        u64 shown = voids | (u64)1 << (seat * 4 + led);
        u64 rest = pool & ~my_void & ~SUIT(led);
        m = groups(rest, seen, reps);
        for (int i = 0; i < m; i++) {
            int card = reps[i];
            cards[n] = card; nvs[n] = shown; n++;
            if (t < 4 && card / 13 == t) {
                int low = run_low(card, rest, seen);
                if (low != card) { cards[n] = low; nvs[n] = shown; n++; }
            }
        }
        if (blanks > 0) { cards[n] = BLANK; nvs[n] = shown; n++; }
        /* Stable: trumps and winners first. nvs moves with its card. */
        for (int i = 0; i < n; i++) keys[i] = !(cards[i] >= 0 && beats(cards[i], best, t));
        for (int i = 1; i < n; i++) {
            int cd = cards[i], k = keys[i], j = i - 1;
            u64 v = nvs[i];
            while (j >= 0 && keys[j] > k) {
                cards[j + 1] = cards[j]; keys[j + 1] = keys[j]; nvs[j + 1] = nvs[j]; j--;
            }
            cards[j + 1] = cd; keys[j + 1] = k; nvs[j + 1] = v;
        }
    }
    int nxt[4];
    for (int i = 0; i < nt; i++) nxt[i] = trick[i];
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        u64 nv = nvs[i];
        u64 npool = card >= 0 ? pool & ~((u64)1 << card) : pool;
        int m1 = seat == d1 ? n1 - 1 : n1;
        int m3 = seat == d1 ? n3 : n3 - 1;
        if (!feasible(npool, nv, seat, other, seat == d1 ? m1 : m3, seat == d1 ? m3 : m1))
            continue;
        nxt[nt] = card;
        int r = after(o, a, b, npool, nxt, nt + 1, leader, nv, m1, m3, need);
        if (o->abort) return 0;
        if (!r) return 0;
    }
    return 1;
}

static int sure_(Core *o, u64 a, u64 b, u64 pool, const int *trick, int nt, int leader,
                 u64 voids, int n1, int n3, int need) {
    if (need <= 0) return 1;
    int c = o->claimer;
    int left = popc(a);
    int seat = (leader + nt) % 4;
    if (nt && ((c - leader) % 4 + 4) % 4 < nt) left += 1;
    if (need > left) return 0;
    {   /* sure.py's _live_voids: a void in a suit the pool holds none of is dropped. */
        u64 live = 0;
        for (int s = 0; s < 4; s++)
            if (pool & SUIT(s)) live |= (u64)0x1111 << s;
        voids &= live;
    }
    int concede = 0;
    if (nt) {
        /* No table within a trick (sure.py says why): a mid-trick state is searched each
         * time it comes, down to the next trick start, which the table holds. */
        if (nt == 1 && side(o, leader) && need <= led_winner(o, a, b, pool, trick[0], leader, need))
            return 1;
        spend(o);
        if (o->abort) return 0;
        return side(o, seat)
            ? claimer_move(o, a, b, pool, trick, nt, leader, voids, n1, n3, need, seat, 0)
            : defender_move(o, a, b, pool, trick, nt, leader, voids, n1, n3, need, seat);
    }
    /* The cheap bounds come before the table and what they decide is not stored: they are
     * functions of the state alone (and monotone in need), so a state they decide gets the
     * same answer whenever it comes back, and the table holds only what a search proved.
     * The answers and the node counts are sure.py's, which stores them all. */
    compress(&a, &b, &pool);
    if (o->trump < 4) {
        int lo, hi;
        trump_bounds(o, a, b, pool, voids, n1, n3, left, &lo, &hi);
        if (need <= lo) return 1;
        if (need > hi) return 0;
    }
    if (side(o, seat)) {
        u64 lead = seat == c ? a : b, partner = seat == c ? b : a;
        if (need <= cashable(o, lead, partner, pool, need)) return 1;
        concede = need < left;
    } else if (need > left - defence_cashes(o, a, b, pool, voids, seat, n1, n3)) {
        return 0;
    } else if (need <= win_the_lead(o, a, b, pool, voids, seat, need)) {
        return 1;
    }
    if (o->abort) return 0;
    u64 k3 = (u64)leader << 28 | voids << 8 | (u64)(n1 + 16 * n3);
    BoundTable *table = &o->start;
    Bound *e = bt_find(table, a, b, pool, k3);
    if (e) {
        if (need <= e->lo) return 1;
        if (need >= e->hi) return 0;
    }
    if (o->abort) return 0;
    spend(o);
    if (o->abort) return 0;
    int result = side(o, seat)
        ? claimer_move(o, a, b, pool, trick, nt, leader, voids, n1, n3, need, seat, concede)
        : defender_move(o, a, b, pool, trick, nt, leader, voids, n1, n3, need, seat);
    if (o->abort) return 0;
    Bound *s = bt_get(table, a, b, pool, k3);
    if (!s) { o->abort = 3; return 0; }
    if (result) { if (need > s->lo) s->lo = (unsigned)need & 0xF; }
    else if (need < s->hi) s->hi = (unsigned)need & 0x7F;
    return result;
}

/* --- the Python type ------------------------------------------------------------------------ */

static int parse_mask(PyObject *obj, u64 *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *out = (u64)v;
    return 1;
}

/* sure(hands, trick, leader, forgotten, voids, need, nodes, limit, cap) -> (result, nodes):
 * SureOracle.sure's question (the picture lacks the *forgotten* cards, the claimer knows of the
 * *voids*). result 1 sure, 0 not, -1 the ruling's budget is spent (nodes > limit), -2 the
 * question's cap (cap > 0 and nodes > cap). */
static PyObject *Core_sure(Core *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "sure() takes 9 arguments");
        return NULL;
    }
    PyObject *hs = args[0], *tr = args[1];
    if (!PyTuple_Check(hs) || PyTuple_GET_SIZE(hs) != 4) {
        PyErr_SetString(PyExc_TypeError, "hands must be a tuple of four masks");
        return NULL;
    }
    if (!PyTuple_Check(tr) || PyTuple_GET_SIZE(tr) > 3) {
        PyErr_SetString(PyExc_TypeError, "trick must be a tuple of at most 3 cards");
        return NULL;
    }
    u64 hands[4], forgotten, voids;
    for (int i = 0; i < 4; i++)
        if (!parse_mask(PyTuple_GET_ITEM(hs, i), &hands[i])) return NULL;
    if (!parse_mask(args[3], &forgotten) || !parse_mask(args[4], &voids)) return NULL;
    int trick[4], nt = (int)PyTuple_GET_SIZE(tr);
    for (int i = 0; i < nt; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(tr, i));
        if (v == -1 && PyErr_Occurred()) return NULL;
        trick[i] = (int)v;
    }
    long leader = PyLong_AsLong(args[2]), need = PyLong_AsLong(args[5]);
    long long nodes = PyLong_AsLongLong(args[6]), limit = PyLong_AsLongLong(args[7]);
    long long cap = PyLong_AsLongLong(args[8]);
    if (PyErr_Occurred()) return NULL;
    int c = self->claimer, d1 = (c + 1) % 4, d3 = (c + 3) % 4;
    u64 pool = (hands[d1] | hands[d3]) & ~forgotten;
    voids &= (u64)0xF << (d1 * 4) | (u64)0xF << (d3 * 4);
    self->nodes = nodes; self->limit = limit; self->cap = cap; self->abort = 0;
    int r = sure_(self, hands[c], hands[(c + 2) % 4], pool, trick, nt, (int)leader, voids,
                  popc(hands[d1]), popc(hands[d3]), (int)need);
    if (self->abort == 3) return PyErr_NoMemory();
    long result = self->abort == 1 ? -1 : self->abort == 2 ? -2 : r;
    return Py_BuildValue("(lL)", result, self->nodes);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    int trump, claimer;
    (void)kwds;
    if (!PyArg_ParseTuple(args, "ii", &trump, &claimer)) return -1;
    self->trump = trump; self->claimer = claimer;
    if (!bt_init(&self->start) || !st_init(&self->tops)
        || !st_init(&self->local)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Core_dealloc(Core *self) {
    bt_release(&self->start); free(self->tops.e); free(self->local.e);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Core_methods[] = {
    {"sure", (PyCFunction)(void (*)(void))Core_sure, METH_FASTCALL,
     "sure(hands, trick, leader, forgotten, voids, need, nodes, limit, cap) -> (result, nodes)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "claimcheck.policy._sure_core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The sure oracle's game for one claimer and one denomination (see sure.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_sure_core",
    "The sure oracle's game in C (claimcheck/policy/sure.py is the definition).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__sure_core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
