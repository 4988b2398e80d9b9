/*
 * channel.h - the child's reports to its supervisor.
 *
 * One message per send on a SOCK_SEQPACKET socket (a message arrives whole
 * or not at all, even when a signal handler in another thread sends at the
 * same moment).  Each carries a magic number, its type, a stream number and
 * a sequence number (the main stream's numbers go up by one: a message
 * injected, lost or replayed shows), its length and a checksum over all of
 * it.  The receiver checks all of that before it looks at the payload; the
 * payload itself is then checked field by field by whoever uses it.
 */
#ifndef SC_CHANNEL_H
#define SC_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

#include "../record/record.h"

enum sc_msg_type {
	SC_MSG_LOADED = 1,  /* struct sc_msg_loaded */
	SC_MSG_LOAD_ERROR,  /* text */
	SC_MSG_DEFECT,      /* struct sc_msg_defect, the case bytes cut to case_len */
	SC_MSG_HITS,        /* struct sc_msg_hits */
	SC_MSG_DONE,        /* struct sc_msg_done */
	SC_MSG_CONC,        /* struct sc_msg_conc */
	SC_MSG_TAMPER,      /* struct sc_msg_tamper (from the SIGSYS handler) */
	SC_MSG_TRACE,       /* struct sc_trace_stats: the traced check's figures */
	SC_MSG_FINISHED,    /* nothing: the child ran its part of the plan */
	SC_MSG_TYPES
};

/* Streams: the child's main loop, and the signal handler's. */
enum { SC_STREAM_MAIN, SC_STREAM_SIGNAL };

struct sc_msg_head {
	uint32_t magic;
	uint16_t type, stream;
	uint64_t seq;
	uint32_t len;            /* payload bytes */
	uint32_t sum;            /* FNV-1a over head (sum = 0) and payload */
};

struct sc_msg_loaded {
	int32_t sandboxed;       /* 1: seccomp filter on */
	char note[320];          /* what it refuses, or why it is off */
};

struct sc_msg_defect {
	uint32_t id;             /* the child's number for it, from 0 */
	struct sc_defect d;
};

#define SC_HITS_MAX 32
struct sc_msg_hits {
	uint32_t n;
	struct { uint32_t id; uint64_t delta; } e[SC_HITS_MAX];
};

struct sc_msg_done {
	uint32_t phase;
	uint64_t pos;            /* positions [start, pos) of the phase ran */
	uint64_t cut;            /* of the cases since the last one: cut where dest
				  * stops being backed (memory/demand.h) */
	uint64_t cut_pos;        /* the first such case's position, when cut > 0 */
};

struct sc_msg_conc {
	uint32_t phase;
	struct sc_conc_stats st;
};

struct sc_msg_tamper {
	int32_t nr;              /* the refused system call */
	uint64_t arg0;
	uint32_t phase;
	uint64_t pos;            /* where the child was, as it believes */
};

/* Largest message: a defect with the longest case. */
#define SC_MSG_MAX (sizeof(struct sc_msg_head) + sizeof(struct sc_msg_defect))

/*
 * Send one message.  seq is the stream's counter (bumped atomically: the
 * signal stream is shared by threads).  Async-signal-safe.  0, or -1.
 */
int sc_chan_send(int fd, unsigned stream, uint64_t *seq, unsigned type, const void *payload,
		 size_t len);

/*
 * Receive one message into buf (SC_MSG_MAX bytes) without blocking.
 * Returns 1 with *h and the payload at buf + sizeof *h, 0 when none is
 * waiting, -1 at the end of the stream, -2 for a malformed message (why
 * says how; the caller treats it as tampering).
 */
int sc_chan_recv(int fd, unsigned char *buf, struct sc_msg_head *h, char *why, size_t whylen);

#endif
