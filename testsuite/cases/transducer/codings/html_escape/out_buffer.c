/* HtmlEscape (SANITIZERS.md 2.1), coded with a small output buffer: the
 * escaped text is appended through a pointer into a fixed array that is
 * flushed with fwrite when it may not hold the next piece, and once more at
 * the end. One helper per kind of byte, each returning early. Entities:
 * & " ' < > -> &amp; &quot; &#39; &lt; &gt;; \r \n \v \f \t -> one space;
 * every other byte (NUL and bytes >= 0x80 included) is copied. */
#include <stdio.h>
#include <string.h>

#define OUT_SIZE 64

static char out[OUT_SIZE];
static char *outp = out;

static void flush_out(void)
{
    if (outp > out)
        fwrite(out, 1, (size_t)(outp - out), stdout);
    outp = out;
}

static void add(const char *s, size_t n)
{
    if ((size_t)(out + OUT_SIZE - outp) < n)
        flush_out();
    memcpy(outp, s, n);
    outp += n;
}

static int add_entity(unsigned char c)
{
    if (c == '&') { add("&amp;", 5); return 1; }
    if (c == '"') { add("&quot;", 6); return 1; }
    if (c == '\'') { add("&#39;", 5); return 1; }
    if (c == '<') { add("&lt;", 4); return 1; }
    if (c == '>') { add("&gt;", 4); return 1; }
    return 0;
}

static int add_blank(unsigned char c)
{
    if (c != '\r' && c != '\n' && c != '\v' && c != '\f' && c != '\t')
        return 0;
    add(" ", 1);
    return 1;
}

int main(void)
{
    int c;
    while ((c = getchar()) != EOF) {
        unsigned char b = (unsigned char)c;
        if (add_entity(b))
            continue;
        if (add_blank(b))
            continue;
        add((const char *)&b, 1);
    }
    flush_out();
    return 0;
}
