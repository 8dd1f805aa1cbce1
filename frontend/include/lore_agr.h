/* Lore's channels between two communicating programs (lore agr, the
   assume-guarantee-repair paper): chan_send(CHANNEL, value) and
   value = chan_recv(CHANNEL), a channel named by an identifier. A value
   travels as a 128-bit integer; the sender's and the receiver's types
   must agree. */
#ifndef LORE_AGR_H
#define LORE_AGR_H
void __lore_chan_send(const char *channel, __int128 value);
__int128 __lore_chan_recv(const char *channel);
#define chan_send(channel, value) __lore_chan_send(#channel, (value))
#define chan_recv(channel) __lore_chan_recv(#channel)
#endif
