import GestureTrace

/// One configuration of an experiment as its sessions declare it: the
/// variant's name, its knobs and the device it runs on.
struct ExperimentVariant: Sendable {
    var name: String
    var config: [(key: String, value: ConfigValue)]
    var device: DeviceProfile
}
