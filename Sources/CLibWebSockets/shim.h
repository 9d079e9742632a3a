/*
 * CLibWebSockets: the libwebsockets 4.1 C API for Swift.
 *
 * Swift imports functions, structs and enums from <libwebsockets.h> directly, but
 * not function-like or composite macros. This header re-exports the ones the
 * WebSocketServer module needs as typed constants and inline functions, and
 * declares the one C struct Swift needs at a stable address (a timer).
 */
#ifndef PROGRESSCAST_CLIBWEBSOCKETS_SHIM_H
#define PROGRESSCAST_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes lws_write() may use in front of the payload (frame header room). */
static const size_t pc_lws_pre = LWS_PRE;

/* Context / vhost option bits (lws_context_creation_info.options). */
static const uint64_t pc_lws_option_validate_utf8 =
    (uint64_t)LWS_SERVER_OPTION_VALIDATE_UTF8;
static const uint64_t pc_lws_option_security_headers =
    (uint64_t)LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE;
static const uint64_t pc_lws_option_fail_upon_unable_to_bind =
    (uint64_t)LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND;
static const uint64_t pc_lws_option_disable_ipv6 =
    (uint64_t)LWS_SERVER_OPTION_DISABLE_IPV6;

/* Log level bits for lws_set_log_level(). */
static const int pc_lws_log_err = LLL_ERR;
static const int pc_lws_log_warn = LLL_WARN;
static const int pc_lws_log_notice = LLL_NOTICE;
static const int pc_lws_log_info = LLL_INFO;

/* HTTP status codes used by the server. */
static const unsigned int pc_http_status_ok = HTTP_STATUS_OK;
static const unsigned int pc_http_status_not_found = HTTP_STATUS_NOT_FOUND;
static const unsigned int pc_http_status_forbidden = HTTP_STATUS_FORBIDDEN;
static const unsigned int pc_http_status_payload_too_large =
    HTTP_STATUS_REQ_ENTITY_TOO_LARGE;

/* lws_add_http_common_headers() content length meaning "unknown". */
static const lws_filepos_t pc_lws_illegal_http_content_len =
    LWS_ILLEGAL_HTTP_CONTENT_LEN;

/* Kill a connection from the event loop soon (lws_set_timeout secs value). */
static const int pc_lws_to_kill_async = LWS_TO_KILL_ASYNC;

/* The mount origin kinds (enum lws_mount_protocols) as the struct's field type. */
static const unsigned char pc_lwsmpro_file = LWSMPRO_FILE;
static const unsigned char pc_lwsmpro_callback = LWSMPRO_CALLBACK;

/*
 * A one-shot timer: an lws_sorted_usec_list_t (first member, so a sul pointer
 * handed to the callback converts back) plus the owner and the timer's id.
 * Instances must stay at a stable address while scheduled.
 */
typedef struct pc_lws_timer {
    lws_sorted_usec_list_t sul;
    void *owner;
    uint64_t id;
} pc_lws_timer;

static inline pc_lws_timer *pc_lws_timer_from_sul(lws_sorted_usec_list_t *sul) {
    return lws_container_of(sul, pc_lws_timer, sul);
}

static inline lws_sorted_usec_list_t *pc_lws_timer_sul(pc_lws_timer *timer) {
    return &timer->sul;
}

#endif
