// SnippetEscape, 2010 version (SANITIZERS.md 2.2), as a streaming step(c)
// per byte plus finish(), with the five tag states of the original (none,
// b, i, b then i, i then b) driven by transition tables: opening or closing
// b or i either moves to a new state or is refused (NO). Pending bytes (a
// '&' waiting for its next byte, or '<' and a prefix of <b> <i> </b> </i>)
// live in statics. Rules: > " ' -> &gt; &quot; &#39;; \r \n \v \f \t -> a
// space; '&' -> "&amp;" before '{', else "&"; an accepted tag is copied; a
// refused or broken '<' -> "&lt;" and the bytes held after it get the
// plain rules (they can only be '/', 'b', 'i' or '>', never '<' or '&'),
// while the byte that broke the match is handled afresh. At the end the
// state's closing tags are written.
#include <stdio.h>

enum { NONE, B, I, B_I, I_B, NO };

//                                        opening b  opening i
static const unsigned char open_next[5][2] = {
    /* NONE */ { B, I },
    /* B    */ { NO, B_I },
    /* I    */ { I_B, NO },
    /* B_I  */ { NO, NO },
    /* I_B  */ { NO, NO },
};
//                                        closing b  closing i
static const unsigned char close_next[5][2] = {
    /* NONE */ { NO, NO },
    /* B    */ { NONE, NO },
    /* I    */ { NO, NONE },
    /* B_I  */ { I, B },
    /* I_B  */ { I, B },
};
static const char *const at_end[5] = { "", "</b>", "</i>", "</i></b>", "</b></i>" };

static int tag_state = NONE;
static char held[4]; // "&", "<", "</", "<b", "</b", ...
static int n_held = 0;

static void emit(const char *s)
{
    while (*s)
        putchar(*s++);
}

static void plain(int c)
{
    switch (c) {
    case '>': emit("&gt;"); break;
    case '"': emit("&quot;"); break;
    case '\'': emit("&#39;"); break;
    case '\r': case '\n': case '\v': case '\f': case '\t': putchar(' '); break;
    default: putchar(c);
    }
}

static void refuse(void)
{
    int k;
    emit("&lt;");
    for (k = 1; k < n_held; k++)
        plain(held[k]);
    n_held = 0;
}

static void fresh(int c)
{
    if (c == '<' || c == '&') {
        held[0] = (char)c;
        n_held = 1;
    } else {
        plain(c);
    }
}

static void step(int c)
{
    if (n_held == 0) {
        fresh(c);
        return;
    }
    if (held[0] == '&') {
        emit(c == '{' ? "&amp;" : "&");
        n_held = 0;
        fresh(c);
        return;
    }
    // held is '<', optionally '/', optionally a tag letter
    char last = held[n_held - 1];
    if (last == '<' && c == '/') {
        held[n_held++] = '/';
        return;
    }
    if ((last == '<' || last == '/') && (c == 'b' || c == 'i')) {
        held[n_held++] = (char)c;
        return;
    }
    if ((last == 'b' || last == 'i') && c == '>') {
        int closing = held[1] == '/';
        int which = last == 'b' ? 0 : 1;
        int next = closing ? close_next[tag_state][which]
                           : open_next[tag_state][which];
        held[n_held++] = '>';
        if (next == NO) {
            refuse();
        } else {
            int k;
            tag_state = next;
            for (k = 0; k < n_held; k++)
                putchar(held[k]);
            n_held = 0;
        }
        return;
    }
    refuse();
    fresh(c);
}

static void finish(void)
{
    if (n_held > 0) {
        if (held[0] == '&')
            emit("&");
        else
            refuse();
    }
    emit(at_end[tag_state]);
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF)
        step(c);
    finish();
    return 0;
}
