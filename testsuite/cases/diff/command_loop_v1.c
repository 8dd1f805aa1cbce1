// lore diff: with command_loop_v2.c, a `break` in the command loop became
// `return 1`, so the file is left open. The difference needs the loop body
// to run: at b = 1 (no iteration, as in CBMC) both versions look the same.
void open_file(void) {}
void close_file(void) {}
void process(int c) {}
int read_command(void) { return __VERIFIER_nondet_int(); }
int main(void) {
  open_file();
  while (1) {
    int c = read_command();
    if (c == 0)
      break;
    process(c);
  }
  close_file();
  return 0;
}
