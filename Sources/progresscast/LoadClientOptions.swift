import ArgumentParser
import LoadGenerator

/// The load generator's TCP option, shared by `bench` and `loadgen`.
struct InteractiveAcksOption: ParsableArguments {
    @Flag(
        name: .customLong("interactive-acks"),
        help: ArgumentHelp(
            "Let the load generator's connections turn interactive to the kernel's TCP when they write: they then ack frames inside the server's send, which charges the server for them (by default the client sets TCP_QUICKACK after each write; figures before 2026-11-27's twenty-eighth session were taken without it)."
        ))
    var interactiveAcks = false
}

extension ReceiverTraffic {
    /// The values and what each one sends, for the help of the options that take one.
    static let choicesHelp =
        "silent (nothing, the default), setup (the messages a live session's client sends to set its scene up, once), commands (setup, then the commands a live session's client sends, every command interval)"

    /// The traffic named `text`, or a clear error naming `option` (`bench --baseline-clients`,
    /// `loadgen --receiver-traffic`).
    static func parse(_ text: String, option: String) throws(ValidationError) -> ReceiverTraffic {
        guard let traffic = ReceiverTraffic(rawValue: text) else {
            throw ValidationError("\(option) must be setup, commands or silent")
        }
        return traffic
    }
}
