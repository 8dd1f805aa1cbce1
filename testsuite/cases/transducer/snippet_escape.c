// SnippetEscape (SANITIZERS.md, section 2.2), the 2011 version. Entity
// rules: > " ' become &gt; &quot; &#39;, \r \n \v \f \t become a space,
// & becomes &amp; only when the next byte is '{' (else it is copied), and
// the other bytes are copied. A '<' starting an allowed tag copies the tag:
// <b> <i> <em> <span dir=ltr> <span dir=rtl> if that tag is not open yet
// (no self-nesting), </b> </i> </em> </span> if it is open (it is then
// removed, whatever the nesting order), <br> and <wbr> always. Any other
// '<' becomes &lt; and the bytes read after it are processed again from the
// first one. At the end of input the tags still open are closed, the most
// recently opened first. Tags are matched exactly as written (the file says
// nothing of upper case). Bytes read ahead wait on a small stack.
#include <stdio.h>

#define NTAGS 11

// The text after '<' of every allowed tag: 0-4 open, 5-8 close, 9-10 empty.
static const char *const tags[NTAGS] = {
    "b>", "i>", "em>", "span dir=ltr>", "span dir=rtl>",
    "/b>", "/i>", "/em>", "/span>", "br>", "wbr>"};
// The closing tag written at the end for an open tag b, i, em, span.
static const char *const closers[4] = {"</b>", "</i>", "</em>", "</span>"};

static int back[16]; // bytes to read again, the next one on top
static int nback = 0;
static int eof = 0;

static int next_byte(void) {
  int c;
  if (nback > 0) {
    nback--;
    return back[nback];
  }
  if (eof) {
    return EOF;
  }
  c = getchar();
  if (c == EOF) {
    eof = 1;
  }
  return c;
}

static void put_str(const char *s) {
  int i;
  for (i = 0; s[i] != '\0'; i++) {
    putchar(s[i]);
  }
}

int main(void) {
  int open[4]; // the open tags (0 b, 1 i, 2 em, 3 span), oldest first
  int nopen = 0;
  int alive[NTAGS];
  int acc[16]; // the bytes read after a '<'
  int k, t, c, d, i, j, found, matched, accepted, tag;
  for (;;) {
    c = next_byte();
    if (c == EOF) {
      break;
    }
    if (c == '<') {
      for (t = 0; t < NTAGS; t++) {
        alive[t] = 1;
      }
      k = 0;
      matched = -1;
      while (matched < 0) {
        d = next_byte();
        if (d == EOF) {
          break;
        }
        acc[k] = d;
        found = 0;
        for (t = 0; t < NTAGS; t++) {
          if (alive[t] && tags[t][k] == d && d != '\0') {
            found = 1;
            if (tags[t][k + 1] == '\0') {
              matched = t;
            }
          } else {
            alive[t] = 0;
          }
        }
        k++;
        if (!found) {
          break;
        }
      }
      accepted = 0;
      if (matched >= 0 && matched <= 4) {
        tag = matched == 4 ? 3 : matched;
        accepted = 1;
        for (i = 0; i < nopen; i++) {
          if (open[i] == tag) {
            accepted = 0;
          }
        }
        if (accepted) {
          open[nopen] = tag;
          nopen++;
        }
      } else if (matched >= 5 && matched <= 8) {
        tag = matched - 5;
        for (i = 0; i < nopen; i++) {
          if (open[i] == tag) {
            accepted = 1;
            for (j = i + 1; j < nopen; j++) {
              open[j - 1] = open[j];
            }
            nopen--;
            break;
          }
        }
      } else if (matched >= 9) {
        accepted = 1;
      }
      if (accepted) {
        putchar('<');
        for (i = 0; i < k; i++) {
          putchar(acc[i]);
        }
      } else {
        put_str("&lt;");
        for (i = k - 1; i >= 0; i--) {
          back[nback] = acc[i];
          nback++;
        }
      }
    } else if (c == '>') {
      put_str("&gt;");
    } else if (c == '"') {
      put_str("&quot;");
    } else if (c == '\'') {
      put_str("&#39;");
    } else if (c == '\r' || c == '\n' || c == '\v' || c == '\f' ||
               c == '\t') {
      putchar(' ');
    } else if (c == '&') {
      d = next_byte();
      put_str(d == '{' ? "&amp;" : "&");
      if (d != EOF) {
        back[nback] = d;
        nback++;
      }
    } else {
      putchar(c);
    }
  }
  for (i = nopen - 1; i >= 0; i--) {
    put_str(closers[open[i]]);
  }
  return 0;
}
