#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "channel.h"

#define MAGIC 0x73636b31u  /* "sck1" */

static uint32_t fnv(uint32_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 16777619u;
	return h;
}

static uint32_t checksum(const struct sc_msg_head *h, const void *payload)
{
	struct sc_msg_head z = *h;

	z.sum = 0;
	return fnv(fnv(2166136261u, &z, sizeof(z)), payload, h->len);
}

int sc_chan_send(int fd, unsigned stream, uint64_t *seq, unsigned type, const void *payload,
		 size_t len)
{
	struct sc_msg_head h;
	struct iovec iov[2];
	struct msghdr m;

	memset(&h, 0, sizeof(h));
	h.magic = MAGIC;
	h.type = (uint16_t)type;
	h.stream = (uint16_t)stream;
	h.seq = __atomic_add_fetch(seq, 1, __ATOMIC_SEQ_CST);
	h.len = (uint32_t)len;
	h.sum = checksum(&h, payload);
	iov[0].iov_base = &h;
	iov[0].iov_len = sizeof(h);
	iov[1].iov_base = (void *)payload;
	iov[1].iov_len = len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = iov;
	m.msg_iovlen = 2;
	for (;;) {
		ssize_t n = sendmsg(fd, &m, MSG_NOSIGNAL);

		if (n >= 0)
			return 0;
		if (errno != EINTR)
			return -1;
	}
}

int sc_chan_recv(int fd, unsigned char *buf, struct sc_msg_head *h, char *why, size_t whylen)
{
	ssize_t n = recv(fd, buf, SC_MSG_MAX, MSG_DONTWAIT | MSG_TRUNC);

	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
	if (n == 0)
		return -1;
	if ((size_t)n > SC_MSG_MAX) {
		snprintf(why, whylen, "a message of %zd bytes, longer than any report", n);
		return -2;
	}
	if ((size_t)n < sizeof(*h)) {
		snprintf(why, whylen, "a message of %zd bytes, shorter than its header", n);
		return -2;
	}
	memcpy(h, buf, sizeof(*h));
	if (h->magic != MAGIC || h->type == 0 || h->type >= SC_MSG_TYPES ||
	    h->stream > SC_STREAM_SIGNAL || h->len != (size_t)n - sizeof(*h)) {
		snprintf(why, whylen, "a message with a bad header (magic %#x, type %u, length %u "
			 "of %zd bytes)", h->magic, h->type, h->len, n);
		return -2;
	}
	if (checksum(h, buf + sizeof(*h)) != h->sum) {
		snprintf(why, whylen, "a message whose checksum does not match (type %u, seq %llu)",
			 h->type, (unsigned long long)h->seq);
		return -2;
	}
	return 1;
}
