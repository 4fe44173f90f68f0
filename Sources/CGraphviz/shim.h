#ifndef SBMAP_CGRAPHVIZ_SHIM_H
#define SBMAP_CGRAPHVIZ_SHIM_H
// Graphviz's cgraph and gvc, driven in process (never by spawning `dot`).
//
// Besides the two headers, this file holds the few C helpers Swift cannot write for itself:
//
// * `sbmap_directed()`: Swift 6 refuses C globals such as `Agdirected`; a function returns a copy.
// * `sbmap_agopen()`: opens a root graph with an id discipline that numbers objects in creation
//   order. cgraph's default discipline uses heap addresses as ids, and orders subgraphs (clusters)
//   by id, so the same graph laid out twice in one process could come out differently.
//
// Every helper is `static`, keeps no global state, and is only ever called from sbmap's
// serial Graphviz executor.
#include <gvc.h>
#include <cgraph.h>
#include <graphviz_version.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>

/// The Graphviz release whose headers sbmap was compiled against (`PACKAGE_VERSION`).
static inline const char *sbmap_graphviz_built_version(void) { return PACKAGE_VERSION; }

/// The descriptor of a directed, non-strict graph (`Agdirected`).
static inline Agdesc_t sbmap_directed(void) { return Agdirected; }

/// The object type constants, as plain ints.
static inline int sbmap_agraph(void) { return AGRAPH; }
static inline int sbmap_agnode(void) { return AGNODE; }
static inline int sbmap_agedge(void) { return AGEDGE; }

// MARK: - Creation-order id discipline

/// State of one root graph's id discipline: named objects get even ids 2, 4, 6, … in the order their
/// names were first seen; anonymous objects (our edges) get odd ids 1, 3, 5, … in creation order.
typedef struct {
    Agraph_t *root;      // names are interned in its string pool, as cgraph expects
    char **names;        // names[k] is the name with id 2*(k+1)
    size_t count;
    size_t capacity;
    size_t *slots;       // open-addressing hash: index+1 into names, 0 = empty
    size_t slotCount;    // a power of two
    IDTYPE nextAnonymous;
} sbmap_idstate;

static inline size_t sbmap_idhash(const char *s) {
    uint64_t h = 1469598103934665603ULL;  // FNV-1a
    for (; *s; s++) { h ^= (unsigned char)*s; h *= 1099511628211ULL; }
    return (size_t)h;
}

static inline void *sbmap_idopen(Agraph_t *g, Agdisc_t *disc) {
    (void)disc;
    sbmap_idstate *st = (sbmap_idstate *)calloc(1, sizeof(sbmap_idstate));
    if (!st) return NULL;
    st->root = g;
    st->slotCount = 64;
    st->slots = (size_t *)calloc(st->slotCount, sizeof(size_t));
    st->nextAnonymous = 1;
    return st;
}

/// Finds the slot of `name`, or the empty slot where it would go.
static inline size_t sbmap_idslot(sbmap_idstate *st, const char *name) {
    size_t mask = st->slotCount - 1;
    size_t i = sbmap_idhash(name) & mask;
    while (st->slots[i] != 0 && strcmp(st->names[st->slots[i] - 1], name) != 0) i = (i + 1) & mask;
    return i;
}

static inline int sbmap_idgrow(sbmap_idstate *st) {
    if (st->count + 1 > st->capacity) {
        size_t cap = st->capacity ? st->capacity * 2 : 64;
        char **names = (char **)realloc(st->names, cap * sizeof(char *));
        if (!names) return 0;
        st->names = names;
        st->capacity = cap;
    }
    if ((st->count + 1) * 2 > st->slotCount) {
        size_t count = st->slotCount * 2;
        size_t *slots = (size_t *)calloc(count, sizeof(size_t));
        if (!slots) return 0;
        free(st->slots);
        st->slots = slots;
        st->slotCount = count;
        for (size_t k = 0; k < st->count; k++) st->slots[sbmap_idslot(st, st->names[k])] = k + 1;
    }
    return 1;
}

static inline long sbmap_idmap(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    sbmap_idstate *st = (sbmap_idstate *)state;
    if (!st || !st->slots) return 0;
    if (!str) {
        if (!createflag) return 0;
        *id = st->nextAnonymous;
        st->nextAnonymous += 2;
        return 1;
    }
    size_t slot = sbmap_idslot(st, str);
    if (st->slots[slot] != 0) {
        *id = (IDTYPE)(2 * st->slots[slot]);
        return 1;
    }
    if (!createflag) return 0;
    if (!sbmap_idgrow(st)) return 0;
    // cgraph reads flags stored in front of a name (`aghtmlstr`), so names must come from its
    // string pool, never from plain malloc. The pool is freed as a whole when the graph closes.
    char *copy = agstrdup(st->root, str);
    if (!copy) return 0;
    st->names[st->count++] = copy;
    st->slots[sbmap_idslot(st, copy)] = st->count;
    *id = (IDTYPE)(2 * st->count);
    return 1;
}

static inline long sbmap_idalloc(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id;
    return 0;  // no caller-chosen ids
}

static inline void sbmap_idfree(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id;  // names live until the graph closes (and its pool with them)
}

static inline char *sbmap_idprint(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    sbmap_idstate *st = (sbmap_idstate *)state;
    if (!st || id == 0 || id % 2 != 0) return NULL;  // anonymous
    size_t k = (size_t)(id / 2);
    return k <= st->count ? st->names[k - 1] : NULL;
}

static inline void sbmap_idclose(void *state) {
    sbmap_idstate *st = (sbmap_idstate *)state;
    if (!st) return;
    // The names belong to the graph's string pool, which cgraph frees itself.
    free(st->names);
    free(st->slots);
    free(st);
}

static inline void sbmap_idregister(void *state, int objtype, void *obj) {
    (void)state; (void)objtype; (void)obj;
}

/// Opens a directed root graph whose object ids follow creation order. Close it with `agclose`.
/// The discipline tables are static and never written, so they outlive every graph.
static inline Agraph_t *sbmap_agopen(char *name) {
    static Agiddisc_t iddisc = {
        sbmap_idopen, sbmap_idmap, sbmap_idalloc, sbmap_idfree,
        sbmap_idprint, sbmap_idclose, sbmap_idregister,
    };
    static Agdisc_t disc = { &AgMemDisc, &iddisc, &AgIoDisc };
    return agopen(name, Agdirected, &disc);
}

// MARK: - Layout facts and DOT text

/// The drawing's bounding box in points, after layout.
static inline boxf sbmap_bb(Agraph_t *g) { return GD_bb(g); }

/// Sets the resolution bitmap renderers use, after layout. `dpi` only scales rendering, so changing it
/// here avoids a second layout when a PNG must be made smaller.
static inline void sbmap_set_dpi(Agraph_t *g, double dpi) {
    if (GD_drawing(g)) GD_drawing(g)->dpi = dpi;
}

/// Writes `g` as DOT text (no layout needed) into a malloc'ed buffer the caller frees with `free`.
/// Returns 0 on success.
static inline int sbmap_agwrite_memory(Agraph_t *g, char **out, size_t *length) {
    *out = NULL;
    *length = 0;
    FILE *f = open_memstream(out, length);
    if (!f) return -1;
    int rc = agwrite(g, f);
    if (fclose(f) != 0) rc = -1;
    return rc;
}

/// Frees memory the C library allocated (from `sbmap_agwrite_memory`).
static inline void sbmap_free(void *p) { free(p); }

// MARK: - HTML-like labels

/// Sets `name` on `obj` to an HTML-like label (`<TABLE>…`): the value must be interned as an HTML string, or
/// Graphviz draws the markup as text. `html` is sbmap's own markup with every piece of text escaped.
static inline void sbmap_set_html(void *obj, const char *name, const char *html) {
    Agraph_t *g = agraphof(obj);
    char *value = agstrdup_html(g, (char *)html);
    agsafeset(obj, (char *)name, value, "");
    agstrfree(g, value);
}

// MARK: - Edge labels after layout (`EdgeLabelPlacement`)

/// A box by its centre and size, in points (Graphviz's coordinates, y up).
typedef struct { double x, y, width, height; } sbmap_box;

/// An edge's text after layout, `which` 0 its `label`, 1 its `xlabel`. Returns 0 when it has none (or it is not placed).
static inline int sbmap_edge_label_box(Agedge_t *e, int which, sbmap_box *box) {
    textlabel_t *l = which ? ED_xlabel(e) : ED_label(e);
    if (!l || !l->set) return 0;
    box->x = l->pos.x; box->y = l->pos.y; box->width = l->dimen.x; box->height = l->dimen.y;
    return 1;
}

/// The lines of an edge's text, top to bottom: `out` takes each line's width, height and alignment (-1 left, 0
/// centred, 1 right), at most `capacity` lines; returns how many lines it has (0 for an HTML-like label).
static inline int sbmap_edge_label_lines(Agedge_t *e, int which, double *out, int capacity) {
    textlabel_t *l = which ? ED_xlabel(e) : ED_label(e);
    if (!l || l->html) return 0;
    int count = l->u.txt.nspans;
    for (int k = 0; k < count && k < capacity; k++) {
        textspan_t *span = &l->u.txt.span[k];
        out[3 * k] = span->size.x;
        out[3 * k + 1] = span->size.y;
        out[3 * k + 2] = span->just == 'l' ? -1 : span->just == 'r' ? 1 : 0;
    }
    return count;
}

/// Moves an edge's text (see `sbmap_edge_label_box`) so its centre is at (x, y).
static inline void sbmap_edge_label_move(Agedge_t *e, int which, double x, double y) {
    textlabel_t *l = which ? ED_xlabel(e) : ED_label(e);
    if (!l) return;
    l->pos.x = x; l->pos.y = y; l->set = TRUE;
}

/// Whether an edge is drawn (its `style` does not say `invis`).
static inline int sbmap_edge_drawn(Agedge_t *e) {
    char *style = agget(e, "style");
    return !(style && strstr(style, "invis"));
}

/// How many Bézier pieces an edge was drawn with (0 when it has no route).
static inline int sbmap_edge_bezier_count(Agedge_t *e) { return ED_spl(e) ? ED_spl(e)->size : 0; }

/// Copies the control points of an edge's Bézier piece `index` into `xy` (x, y pairs, at most `capacity` points);
/// returns how many points the piece has.
static inline int sbmap_edge_bezier(Agedge_t *e, int index, double *xy, int capacity) {
    if (!ED_spl(e) || index < 0 || index >= ED_spl(e)->size) return 0;
    bezier *b = &ED_spl(e)->list[index];
    for (int k = 0; k < b->size && k < capacity; k++) { xy[2 * k] = b->list[k].x; xy[2 * k + 1] = b->list[k].y; }
    return b->size;
}

/// A node's box after layout.
static inline void sbmap_node_box(Agnode_t *n, sbmap_box *box) {
    box->x = ND_coord(n).x; box->y = ND_coord(n).y; box->width = ND_width(n) * 72; box->height = ND_height(n) * 72;
}

/// A (sub)graph's clusters, 1-based as Graphviz keeps them (only dot and the engines with clusters fill them in).
static inline int sbmap_cluster_count(Agraph_t *g) { return GD_n_cluster(g); }
static inline Agraph_t *sbmap_cluster(Agraph_t *g, int index) {
    return index >= 1 && index <= GD_n_cluster(g) ? GD_clust(g)[index] : NULL;
}

/// A cluster's title box after layout; returns 0 when it has none.
static inline int sbmap_graph_label_box(Agraph_t *g, sbmap_box *box) {
    textlabel_t *l = GD_label(g);
    if (!l || !l->set) return 0;
    box->x = l->pos.x; box->y = l->pos.y; box->width = l->dimen.x; box->height = l->dimen.y;
    return 1;
}

/// Grows the drawing's bounding box to take in a box (a label moved beyond it).
static inline void sbmap_bb_include(Agraph_t *g, double x0, double y0, double x1, double y1) {
    boxf bb = GD_bb(g);
    if (x0 < bb.LL.x) bb.LL.x = x0;
    if (y0 < bb.LL.y) bb.LL.y = y0;
    if (x1 > bb.UR.x) bb.UR.x = x1;
    if (y1 > bb.UR.y) bb.UR.y = y1;
    GD_bb(g) = bb;
}

// MARK: - The legend after layout (`LegendPlacement`)

/// Moves a node so its centre is at (x, y). Its shape and label are drawn around its centre.
static inline void sbmap_node_move(Agnode_t *n, double x, double y) {
    ND_coord(n).x = x; ND_coord(n).y = y;
}

static inline void sbmap_box_add(boxf *b, int *any, double x0, double y0, double x1, double y1) {
    if (!*any) { b->LL.x = x0; b->LL.y = y0; b->UR.x = x1; b->UR.y = y1; *any = 1; return; }
    if (x0 < b->LL.x) b->LL.x = x0;
    if (y0 < b->LL.y) b->LL.y = y0;
    if (x1 > b->UR.x) b->UR.x = x1;
    if (y1 > b->UR.y) b->UR.y = y1;
}

static inline void sbmap_box_add_label(boxf *b, int *any, textlabel_t *l) {
    if (l && l->set) sbmap_box_add(b, any, l->pos.x - l->dimen.x / 2, l->pos.y - l->dimen.y / 2,
                                   l->pos.x + l->dimen.x / 2, l->pos.y + l->dimen.y / 2);
}

static inline int sbmap_has_prefix(const char *s, const char *prefix) {
    return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

/// The box of everything drawn except `skip` (a top-level cluster) and the nodes whose names start with `prefix`, and
/// their edges: the boxes, nodes, curves with their arrowheads, and every text. Returns 0 when nothing is left.
static inline int sbmap_drawing_box_without(Agraph_t *g, Agraph_t *skip, const char *prefix, boxf *out) {
    boxf b = {{0, 0}, {0, 0}};
    int any = 0;
    for (int c = 1; c <= GD_n_cluster(g); c++) {
        Agraph_t *sub = GD_clust(g)[c];
        if (sub == skip) continue;
        // dot keeps 8 pt (`CL_OFFSET`) around the outermost boxes.
        sbmap_box_add(&b, &any, GD_bb(sub).LL.x - 8, GD_bb(sub).LL.y - 8, GD_bb(sub).UR.x + 8, GD_bb(sub).UR.y + 8);
        sbmap_box_add_label(&b, &any, GD_label(sub));
    }
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        if (sbmap_has_prefix(agnameof(n), prefix)) continue;
        pointf p = ND_coord(n);
        sbmap_box_add(&b, &any, p.x - ND_lw(n), p.y - ND_ht(n) / 2, p.x + ND_rw(n), p.y + ND_ht(n) / 2);
        sbmap_box_add_label(&b, &any, ND_xlabel(n));
        for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) {
            if (sbmap_has_prefix(agnameof(aghead(e)), prefix)) continue;
            splines *spl = ED_spl(e);
            for (int k = 0; spl && k < spl->size; k++) {
                bezier *bz = &spl->list[k];
                // Points on the curve, not its control points (which lie off it, beyond the drawing's box).
                for (int i = 0; i + 3 < bz->size; i += 3) {
                    pointf *c = &bz->list[i];
                    for (int step = 0; step <= 8; step++) {
                        double t = step / 8.0, u = 1 - t;
                        double x = u * u * u * c[0].x + 3 * u * u * t * c[1].x + 3 * u * t * t * c[2].x + t * t * t * c[3].x;
                        double y = u * u * u * c[0].y + 3 * u * u * t * c[1].y + 3 * u * t * t * c[2].y + t * t * t * c[3].y;
                        sbmap_box_add(&b, &any, x, y, x, y);
                    }
                }
                if (bz->sflag) sbmap_box_add(&b, &any, bz->sp.x, bz->sp.y, bz->sp.x, bz->sp.y);
                if (bz->eflag) sbmap_box_add(&b, &any, bz->ep.x, bz->ep.y, bz->ep.x, bz->ep.y);
            }
            sbmap_box_add_label(&b, &any, ED_label(e));
            sbmap_box_add_label(&b, &any, ED_xlabel(e));
            sbmap_box_add_label(&b, &any, ED_head_label(e));
            sbmap_box_add_label(&b, &any, ED_tail_label(e));
        }
    }
    *out = b;
    return any;
}

/// Redraws an edge as one straight piece from (x0, y0) to (x1, y1), keeping its arrowheads: the piece stops short of
/// an end that has one by the arrowhead's length as the layout drew it. Returns 0 when the edge has no route.
static inline int sbmap_edge_straight(Agedge_t *e, double x0, double y0, double x1, double y1) {
    splines *spl = ED_spl(e);
    if (!spl || spl->size < 1 || spl->list[0].size < 1) return 0;
    bezier *first = &spl->list[0], *last = &spl->list[spl->size - 1];
    int sflag = first->sflag, eflag = last->eflag;
    double startLength = 0, endLength = 0;
    if (sflag) {
        double dx = first->list[0].x - first->sp.x, dy = first->list[0].y - first->sp.y;
        startLength = sqrt(dx * dx + dy * dy);
    }
    if (eflag && last->size > 0) {
        double dx = last->list[last->size - 1].x - last->ep.x, dy = last->list[last->size - 1].y - last->ep.y;
        endLength = sqrt(dx * dx + dy * dy);
    }
    for (int k = 1; k < spl->size; k++) { free(spl->list[k].list); spl->list[k].list = NULL; spl->list[k].size = 0; }
    spl->size = 1;
    bezier *bz = &spl->list[0];
    pointf *points = (pointf *)realloc(bz->list, 4 * sizeof(pointf));
    if (!points) return 0;
    bz->list = points;
    bz->size = 4;
    double dx = x1 - x0, dy = y1 - y0, length = sqrt(dx * dx + dy * dy);
    double ux = length > 0 ? dx / length : 1, uy = length > 0 ? dy / length : 0;
    pointf a = { x0 + ux * startLength, y0 + uy * startLength }, z = { x1 - ux * endLength, y1 - uy * endLength };
    for (int k = 0; k < 4; k++) {
        points[k].x = a.x + (z.x - a.x) * k / 3;
        points[k].y = a.y + (z.y - a.y) * k / 3;
    }
    bz->sflag = sflag; bz->eflag = eflag;
    bz->sp.x = x0; bz->sp.y = y0; bz->ep.x = x1; bz->ep.y = y1;
    spl->bb.LL.x = x0 < x1 ? x0 : x1; spl->bb.UR.x = x0 < x1 ? x1 : x0;
    spl->bb.LL.y = y0 < y1 ? y0 : y1; spl->bb.UR.y = y0 < y1 ? y1 : y0;
    return 1;
}

/// Puts a cluster's box at (x0, y0)–(x1, y1) and its title's centre at (lx, ly).
static inline void sbmap_cluster_place(Agraph_t *sub, double x0, double y0, double x1, double y1, double lx, double ly) {
    GD_bb(sub).LL.x = x0; GD_bb(sub).LL.y = y0; GD_bb(sub).UR.x = x1; GD_bb(sub).UR.y = y1;
    if (GD_label(sub)) { GD_label(sub)->pos.x = lx; GD_label(sub)->pos.y = ly; GD_label(sub)->set = TRUE; }
}

/// Gives a node laid out small (`fixedsize=shape`, the legend's) its size in points, its shape drawn again at that size
/// by the shape's own functions.
static inline void sbmap_node_resize(Agnode_t *n, double width, double height) {
    if (!ND_shape(n) || !ND_shape(n)->fns) return;
    ND_width(n) = width / 72; ND_height(n) = height / 72;
    if (ND_shape(n)->fns->freefn) ND_shape(n)->fns->freefn(n);
    if (ND_shape(n)->fns->initfn) ND_shape(n)->fns->initfn(n);
    ND_lw(n) = ND_rw(n) = ND_width(n) * 72 / 2;
    ND_ht(n) = ND_height(n) * 72;
}

/// A node's `xlabel` after layout: its size (`box` centre is its place); returns 0 when it has none.
static inline int sbmap_node_xlabel_box(Agnode_t *n, sbmap_box *box) {
    textlabel_t *l = ND_xlabel(n);
    if (!l) return 0;
    box->x = l->pos.x; box->y = l->pos.y; box->width = l->dimen.x; box->height = l->dimen.y;
    return 1;
}

/// Puts a node's `xlabel` with its centre at (x, y).
static inline void sbmap_node_xlabel_move(Agnode_t *n, double x, double y) {
    textlabel_t *l = ND_xlabel(n);
    if (!l) return;
    l->pos.x = x; l->pos.y = y; l->set = TRUE;
}

/// Sets the drawing's bounding box.
static inline void sbmap_set_bb(Agraph_t *g, double x0, double y0, double x1, double y1) {
    GD_bb(g).LL.x = x0; GD_bb(g).LL.y = y0; GD_bb(g).UR.x = x1; GD_bb(g).UR.y = y1;
}

#endif
