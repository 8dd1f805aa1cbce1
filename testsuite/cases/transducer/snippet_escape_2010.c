// SnippetEscape (SANITIZERS.md, section 2.2), the 2010 version: the entity
// rules of the 2011 one (> " ' become &gt; &quot; &#39;, \r \n \v \f \t
// become a space, & becomes &amp; only when the next byte is '{', else it
// is copied, the other bytes are copied), and only the tags b and i:
// <b> and <i> are copied when that tag is not open, </b> and </i> when it
// is (it is then closed, whatever the nesting order). Any other '<'
// becomes &lt; and the bytes read after it are processed again from the
// first one. The open tags are one of five states — none, b, i, b then i,
// i then b — and at the end of input the state's closers are written:
// nothing, </b>, </i>, </i></b>, </b></i>. Bytes read ahead wait on a
// small stack.
#include <stdio.h>

enum { NONE, B, I, B_THEN_I, I_THEN_B };

static int back[4]; // bytes to read again, the next one on top
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

static int is_open(int state, int tag) {
  if (tag == 'b') {
    return state == B || state == B_THEN_I || state == I_THEN_B;
  }
  return state == I || state == B_THEN_I || state == I_THEN_B;
}

// The state after opening `tag` (which is not open).
static int opened(int state, int tag) {
  if (state == NONE) {
    return tag == 'b' ? B : I;
  }
  return state == B ? B_THEN_I : I_THEN_B;
}

// The state after closing `tag` (which is open).
static int closed(int state, int tag) {
  if (state == B || state == I) {
    return NONE;
  }
  return tag == 'b' ? I : B;
}

int main(void) {
  int state = NONE;
  int acc[3]; // the bytes read after a '<'
  int k, c, d, i, closing, tag, accepted;
  for (;;) {
    c = next_byte();
    if (c == EOF) {
      break;
    }
    if (c == '<') {
      // A tag is '<', an optional '/', 'b' or 'i', then '>'.
      k = 0;
      closing = 0;
      tag = 0;
      accepted = 0;
      d = next_byte();
      if (d != EOF) {
        acc[k] = d;
        k++;
        if (d == '/') {
          closing = 1;
          d = next_byte();
          if (d != EOF) {
            acc[k] = d;
            k++;
          }
        }
        if (d == 'b' || d == 'i') {
          tag = d;
          d = next_byte();
          if (d != EOF) {
            acc[k] = d;
            k++;
          }
          if (d == '>') {
            accepted = closing ? is_open(state, tag) : !is_open(state, tag);
          }
        }
      }
      if (accepted) {
        state = closing ? closed(state, tag) : opened(state, tag);
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
  if (state == B) {
    put_str("</b>");
  } else if (state == I) {
    put_str("</i>");
  } else if (state == B_THEN_I) {
    put_str("</i></b>");
  } else if (state == I_THEN_B) {
    put_str("</b></i>");
  }
  return 0;
}
