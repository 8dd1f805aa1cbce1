// HtmlEscape's '<' and '>' written with the stream functions: read with
// getc(stdin) and pushed back with ungetc, written with fputs and putc on
// stdout, and a message on stderr that is not output. The harness
// defines these over its own input and output.
#include <stdio.h>

int main(void) {
  int c;
  for (;;) {
    c = getc(stdin);
    if (c == EOF)
      break;
    if (c == '<' || c == '>') {
      ungetc(c, stdin);
      c = fgetc(stdin);
      fputs(c == '<' ? "&lt;" : "&gt;", stdout);
      fputc('!', stderr);
    } else {
      putc(c, stdout);
    }
  }
  return 0;
}
