// Every statement: if, while, do, for, switch with fall-through, break,
// continue, goto with labels (also into a loop body, as CIL output has), return.
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int(), acc = 0;
  if (n > 10)
    n = 10;
  else if (n < 0)
    n = 0;
  while (i < n) {
    i++;
    if (i == 2)
      continue;
    if (i == 8)
      break;
    acc += i;
  }
  do {
    acc--;
  } while (acc > 100);
  for (int j = 0; j < 3; j++)
    acc += j;
  for (;;) {
    if (acc > 0)
      break;
    acc++;
  }
  switch (n) {
  case 0:
    acc = 1;
  case 1:
  case 2:
    acc += 2;
    break;
  case 3 ... 5:
    acc = 5;
    break;
  default:
    acc = -1;
  }
  goto inside;
  while (acc < 50) {
    acc += 3;
  inside:
    acc += 1;
  }
again:
  if (acc < 60) {
    acc += 7;
    goto again;
  }
  return acc;
}
