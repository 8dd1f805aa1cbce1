// lore: --unwind 1 --max-word-length 4
// The error needs `open` and `write` in either order; `close` prevents it.
int opened, written, closed;
void open(void) { opened = 1; }
void write(void) { written = 1; }
void close(void) { closed = 1; }
int main(void) {
  if (__VERIFIER_nondet_int()) {
    open();
    write();
  } else {
    write();
    open();
  }
  if (__VERIFIER_nondet_int())
    close();
  _Learn_assert(!(opened && written && !closed));
  return 0;
}
