import SBMapCLI

SBMapCommand.main()
