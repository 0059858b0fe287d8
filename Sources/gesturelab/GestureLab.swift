import ArgumentParser

@main
struct GestureLab: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gesturelab")
}
